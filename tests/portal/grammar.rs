//! Every example written in `grammar/portal.ebnf` is read by hensoku's parsers (and
//! resolved in a position where one is needed).

use hensoku::games::portal::hidden::{notation, position};
use hensoku::games::portal::puzzle::parse_line;

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
        notation::parse(p.keys[0])
            .unwrap()
            .resolve(&pos, p.keys[0])
            .unwrap();
    }
}

mod howe {
    use super::examples;
    use hensoku::games::portal::howe::{fen, read, record, solve};
    use hensoku::games::portal::puzzle::parse_line;

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

    #[test]
    fn position_examples_parse_and_print_back() {
        let ex = examples("howe-pos");
        assert!(ex.len() >= 3);
        for e in ex {
            let pos = fen::parse(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
            assert_eq!(fen::to_string(&pos), e.trim_start_matches("howe:"));
        }
    }

    #[test]
    fn puzzle_line_examples_solve_to_their_key() {
        let ex = examples("howe-puzzle-line");
        assert!(!ex.is_empty());
        for e in ex {
            let p = parse_line(&e).unwrap();
            let pos = fen::parse(p.position).unwrap();
            let r = solve::solve(&pos, p.mate_in, &hensoku::solver::Limits::default()).solution;
            assert_eq!(r.keys, p.keys, "{e}");
        }
    }
}

mod buckley {
    use super::examples;
    use hensoku::games::portal::buckley::notation::{move_text, parse};
    use hensoku::games::portal::buckley::position;

    #[test]
    fn position_examples_parse_and_print_back() {
        let ex = examples("buckley-pos");
        assert!(ex.len() >= 2);
        for e in ex {
            let pos = position::parse(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
            assert_eq!(position::to_string(&pos), e.trim_start_matches("buckley:"));
        }
    }

    /// "position | move": the move resolves in the position and prints back as `want`.
    fn resolves_to(example: &str, want: Option<&str>) {
        let (fen, written) = example.split_once(" | ").unwrap();
        let (written, want) = match want {
            Some(w) => (written, w),
            None => (written, written),
        };
        let pos = position::parse(fen).unwrap_or_else(|p| panic!("{fen}: {p:?}"));
        let mv = parse(written)
            .and_then(|w| w.resolve(&pos, written))
            .unwrap_or_else(|p| panic!("{example}: {p:?}"));
        assert_eq!(move_text(&pos, mv, false), want, "{example}");
    }

    #[test]
    fn move_examples_resolve_and_print_back() {
        let ex = examples("buckley-move");
        assert!(ex.len() >= 6);
        for e in ex {
            resolves_to(&e, None);
        }
        for e in examples("buckley-alias") {
            let (left, canonical) = e.rsplit_once(" = ").unwrap();
            resolves_to(left, Some(canonical));
        }
    }
}
