//! The exact sennichite rule in tsume and in the validator, on 最後の審判 (Last Judgement,
//! 縫田光司, 詰将棋パラダイス 1997), whose intended solution rests on it: the defender's
//! pawn interposition 5f checks the attacker's king, whose only answer, Bx5f, brings back
//! the position after the first move; the third time that answer would be its fourth
//! occurrence with continuous checks (perpetual check, illegal), so the pawn drop would
//! mate — uchifuzume — and the defender must give way: mate in 69.
//!
//! Position: `compiled/hard_classics.tsv` (see its SOURCES.md). The loop is the published
//! solution's (the composer's page; its moves are facts of the problem).

use crate::solve;
use hensoku::shogi::sfen::parse_position;
use hensoku::shogi::usi;
use hensoku::shogi::validate as replay;
use hensoku::{Limits, Outcome};

/// The 20 plies that bring the position after the first move back.
const LOOP: &str = "4e4d 4b3c 4d5c 5a4b 5c5b 5f7d B*6c 7d6c+ 5b6c B*8e 6c6b 4b5a 6b5c 3c4b 5c4d P*4e 4d4e 8e6g P*5f 6g5f";

fn last_judgement() -> String {
    let text = crate::common::read("shogi/compiled/hard_classics.tsv");
    let line = text
        .lines()
        .find(|l| l.contains("最後の審判"))
        .expect("the problem is in the data");
    line.split('\t').next().unwrap().to_string()
}

fn record(moves: &str) -> String {
    format!("position sfen {} moves {moves}", last_judgement())
}

#[test]
fn the_third_pawn_interposition_is_uchifuzume() {
    let two_loops = format!("B*5f {LOOP} {LOOP}");
    let r = replay(&usi::parse_record(&record(&two_loops)).unwrap());
    assert!(
        r.problems.is_empty(),
        "two loops are legal: {:?}",
        r.problems
    );
    let third = format!("{two_loops} {}", LOOP.rsplit_once(' ').unwrap().0);
    let r = replay(&usi::parse_record(&record(&third)).unwrap());
    let p = r
        .problems
        .first()
        .expect("the third 5f pawn must be refused");
    assert_eq!((p.rule.name(), p.ply), ("DropPawnMate", Some(60)));
}

#[test]
#[ignore = "about 3 s in release, much longer in debug; run with --release -- --ignored"]
fn last_judgement_is_mate_in_69_under_the_exact_sennichite_rule() {
    let pos = parse_position(&last_judgement()).unwrap();
    let r = solve(&pos, None, &Limits::default());
    assert_eq!(r.result, Outcome::Solved);
    assert!(r.extension.sennichite);
    let moves = &r.solution.moves;
    assert_eq!(moves.len(), 69);
    let three_loops = format!(
        "B*5f {LOOP} {LOOP} {}",
        LOOP.rsplit_once(" P*5f").unwrap().0
    );
    assert!(moves.join(" ").starts_with(&three_loops), "{moves:?}");
    let played = replay(&usi::parse_record(&record(&moves.join(" "))).unwrap());
    assert!(played.problems.is_empty(), "{:?}", played.problems);
    assert_eq!(played.result.reason, "checkmate");
}
