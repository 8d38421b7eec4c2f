//! `hensoku::Setup` for shogi: a set-up reads and prints as SFEN, and building its
//! position reports every rule it breaks, or tolerates the ones the caller accepts.

use hensoku::shogi::{Position, Setup as ShogiSetup, Shogi, ShogiRule};
use hensoku::{CommonRule, Rule, Setup};

fn setup(text: &str) -> ShogiSetup {
    text.parse().unwrap_or_else(|p| panic!("{text}: {p:?}"))
}

#[test]
fn a_setup_prints_back_as_it_reads() {
    for text in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "P3k4/9/9/9/9/9/9/9/3K1K3 w 2Pb 12",
        "8k/9/9/9/9/9/9/9/K8 b 2R2B4G4S4N4L18P 1",
    ] {
        let s = setup(text);
        assert_eq!(s.to_string(), text);
        assert_eq!(setup(&s.to_string()), s);
    }
    let pos = Position::startpos();
    assert_eq!(Shogi::setup(&pos).to_string(), pos.to_string());
    assert_eq!(Shogi::position(&Shogi::setup(&pos), &[]).unwrap(), pos);
}

#[test]
fn every_problem_of_a_setup_is_reported() {
    // Black: a pawn on the first rank, two kings, two pawns on file 1
    let s = setup("P3k4/9/9/9/9/9/9/8P/3K1K2P b - 1");
    let problems = Shogi::position(&s, &[]).unwrap_err();
    let rules: Vec<Rule> = problems.iter().map(|p| p.rule).collect();
    assert!(
        rules.contains(&CommonRule::TooManyKings.into()),
        "{rules:?}"
    );
    assert!(rules.contains(&ShogiRule::DeadPiece.into()), "{rules:?}");
    assert!(rules.contains(&ShogiRule::TwoPawns.into()), "{rules:?}");
    // parsing a position still gives the first problem alone
    let first = s.to_string().parse::<Position>().unwrap_err();
    assert_eq!(first.rule, problems[0].rule);
}

#[test]
fn the_side_not_to_move_in_check_is_reported_beside_other_problems() {
    // White's king is in check with Black to move, and Black has a dead pawn (accepted)
    let s = setup("P3k4/4R4/9/9/9/9/9/9/4K4 b - 1");
    let problems = Shogi::position(&s, &[ShogiRule::DeadPiece.into()]).unwrap_err();
    let rules: Vec<Rule> = problems.iter().map(|p| p.rule).collect();
    assert_eq!(rules, [Rule::from(CommonRule::OpponentInCheck)]);
    let all = Shogi::position(&s, &[]).unwrap_err();
    assert_eq!(all.len(), 2, "{all:?}");
    assert_eq!(all[0].rule, ShogiRule::DeadPiece);
}

#[test]
fn an_accepted_rule_yields_a_position() {
    let s = setup("4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1");
    let refused = Shogi::position(&s, &[]).unwrap_err();
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].rule, ShogiRule::TwoPawns);
    let pos = Shogi::position(&s, &[ShogiRule::TwoPawns.into()]).expect("two pawns accepted");
    assert_eq!(pos.to_string(), s.to_string());
    assert!(!hensoku::shogi::legal_moves(&pos).is_empty());
    // a rule the game cannot tolerate stays a problem even when accepted
    let kings = setup("4k4/9/9/9/9/9/9/9/3K1K3 b - 1");
    let accept = [CommonRule::TooManyKings.into()];
    assert!(Shogi::position(&kings, &accept).is_err());
}
