//! Every example written in `grammar/portal.ebnf` is read by hensoku's parsers (and
//! resolved in a position where one is needed).

use hensoku::games::portal::hidden::{notation, position};
use hensoku::games::portal::puzzle::parse_line;

fn examples(kind: &str) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/portal.ebnf")).unwrap();
    let tag = format!("(* example {kind}: ");
    text.lines().filter_map(|l| l.trim().strip_prefix(tag.as_str()).and_then(|r| r.strip_suffix(" *)")).map(str::to_string)).collect()
}

#[test]
fn hidden_move_examples_parse() {
    let ex = examples("hidden-move");
    assert!(ex.len() >= 5);
    for e in ex {
        let w = notation::parse(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert_eq!(w.exit.is_some(), e.contains('→') || e.contains("->"));
    }
}

#[test]
fn hidden_position_examples_parse_and_print_back() {
    for e in examples("hidden-pos") {
        let pos = position::parse(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert_eq!(position::to_string(&pos), e.trim_start_matches("hidden:"));
    }
}

#[test]
fn puzzle_line_examples_parse() {
    let ex = examples("puzzle-line");
    assert_eq!(ex.len(), 2);
    for e in ex {
        let p = parse_line(&e).unwrap();
        let pos = position::parse(p.position).unwrap();
        notation::parse(p.keys[0]).unwrap().resolve(&pos, p.keys[0]).unwrap();
    }
}
