//! The move examples of `grammar/portal.ebnf` that are read as written, before any
//! position: Hidden's moves and Howe's plies and games. A unit test, since no library user
//! reads a move without its position; the examples resolved in a position are tested
//! through the face in `tests/portal/grammar.rs`.

use crate::games::portal::hidden::notation;
use crate::games::portal::howe::{read, record};

fn examples(kind: &str) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/portal.ebnf"))
        .unwrap();
    let tag = format!("(* example {kind}: ");
    text.lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix(tag.as_str())
                .and_then(|r| r.strip_suffix(" *)"))
                .map(str::to_string)
        })
        .collect()
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

mod howe {
    use super::*;

    #[test]
    fn ply_examples_parse() {
        let ex = examples("howe-ply");
        assert!(ex.len() >= 10);
        for e in ex {
            read::parse(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        }
    }

    #[test]
    fn game_examples_read_slot_by_slot() {
        let ex = examples("howe-game");
        assert!(ex.len() >= 2);
        for e in ex {
            let recs = record::read(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
            let slots = &recs[0].slots;
            assert!(!slots.is_empty(), "{e}");
            for s in slots.iter().filter(|s| s.text != "...") {
                read::parse(&s.text).unwrap_or_else(|p| panic!("{e}: {}: {p:?}", s.text));
            }
        }
    }
}
