//! Every example written in `grammar/quantum.ebnf` reads, resolves and prints back.

use hensoku::quantum;
use hensoku::quantum::Mode;
use hensoku::quantum::{puzzle, qfen, qgn, qmn};

/// (kind, text, the latest example position above it).
fn examples() -> Vec<(String, String, String)> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/quantum.ebnf"))
            .unwrap();
    let mut position = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(body) = line
            .trim()
            .strip_prefix("(* example ")
            .and_then(|r| r.strip_suffix(" *)"))
        else {
            continue;
        };
        let (kind, ex) = body.split_once(": ").unwrap();
        if kind == "position" {
            position = ex.to_string();
        } else {
            out.push((kind.to_string(), ex.to_string(), position.clone()));
        }
    }
    out
}

fn of(kind: &str) -> Vec<(String, String)> {
    examples()
        .into_iter()
        .filter(|e| e.0 == kind)
        .map(|e| (e.1, e.2))
        .collect()
}

#[test]
fn qfen_examples_read_and_print_back() {
    let ex = of("qfen");
    assert!(ex.len() >= 4);
    for (e, _) in ex {
        let p = qfen::parse_position(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert_eq!(qfen::to_qfen(&p), e);
    }
}

#[test]
fn move_examples_are_legal_and_print_back() {
    let ex = of("move");
    assert!(ex.len() >= 15);
    for (e, position) in ex {
        let pos = qfen::parse_position(&position).unwrap();
        let mv = qmn::parse_move(&e, 0).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        let g = qmn::resolve(&pos, &mv, Mode::Strict).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        let long = mv.removals.is_some();
        assert_eq!(qmn::print(&pos, &g, long), e);
    }
}

#[test]
fn record_examples_replay() {
    let ex = of("record");
    assert!(ex.len() >= 4);
    for (e, _) in ex {
        let rec = qgn::parse(&e)
            .unwrap_or_else(|p| panic!("{e}: {p:?}"))
            .remove(0);
        let r = quantum::validate_with(&rec, Mode::Strict);
        assert!(r.problems.is_empty(), "{e}: {:?}", r.problems);
        assert!(!r.moves.is_empty());
    }
}

#[test]
fn puzzle_examples_read_and_print_back() {
    let ex = of("puzzle");
    assert!(ex.len() >= 2);
    for (e, _) in ex {
        let p = puzzle::parse(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert_eq!(puzzle::to_line(&p), e);
    }
}
