//! `hensoku::Setup` for card shogi: a set-up reads and prints as SFEN-C, and building its
//! position reports every rule it breaks, the cards' own with shogi's.

use hensoku::shogi::ShogiRule;
use hensoku::shogi_cards::{Position, Setup as CardSetup, ShogiCards};
use hensoku::{Rule, Setup};

fn setup(text: &str) -> CardSetup {
    text.parse().unwrap_or_else(|p| panic!("{text}: {p:?}"))
}

#[test]
fn a_setup_prints_back_as_it_reads() {
    for text in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "4k4/9/9/9/9/9/9/9/4K4 b G 1 G -",
        "4k4/9/9/9/4s4/9/9/9/4K4 b - 3 QTq I5e,Db1",
    ] {
        let s = setup(text);
        assert_eq!(s.to_string(), text);
        assert_eq!(setup(&s.to_string()), s);
    }
    let pos = Position::startpos();
    assert_eq!(ShogiCards::setup(&pos).to_string(), pos.to_string());
    assert_eq!(
        ShogiCards::position(&ShogiCards::setup(&pos), &[]).unwrap(),
        pos
    );
}

#[test]
fn every_problem_of_a_setup_is_reported() {
    // a dead pawn, two Crown Princes of Black, and an invincible square with no silver
    let s = setup("P3k4/9/9/9/9/9/9/+G+G7/4K4 b - 1 - I5e");
    let problems = ShogiCards::position(&s, &[]).unwrap_err();
    let names: Vec<&str> = problems.iter().map(|p| p.rule.name()).collect();
    assert_eq!(
        names,
        ["DeadPiece", "TooManyPrinces", "InvincibleNotSilver"]
    );
    // parsing a position still gives the first problem alone
    let first = s.to_string().parse::<Position>().unwrap_err();
    assert_eq!(first.rule.name(), "DeadPiece");
}

#[test]
fn an_accepted_rule_yields_a_position() {
    let s = setup("P3k4/9/9/9/9/9/9/9/4K4 b - 1 - -");
    let accept: [Rule; 1] = [ShogiRule::DeadPiece.into()];
    assert_eq!(ShogiCards::position(&s, &[]).unwrap_err().len(), 1);
    let pos = ShogiCards::position(&s, &accept).expect("a dead pawn accepted");
    assert_eq!(pos.to_string(), s.to_string());
}
