//! Every example written in `grammar/portal.ebnf` is read by hensoku's parsers (and
//! resolved in a position where one is needed). The moves read without a position are
//! the unit tests of `src/games/portal/grammar_tests.rs`.

use hensoku::portal::hidden;
use hensoku::portal::puzzle::parse_line;

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
fn hidden_position_examples_parse_and_print_back() {
    for e in examples("hidden-pos") {
        let pos: hidden::Position = e.parse().unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert_eq!(pos.to_string(), e.trim_start_matches("hidden:"));
    }
}

#[test]
fn puzzle_line_examples_parse() {
    let ex = examples("puzzle-line");
    assert_eq!(ex.len(), 2);
    for e in ex {
        let p = parse_line(&e).unwrap();
        let pos: hidden::Position = p.position.parse().unwrap();
        hidden::parse_move(&pos, p.keys[0]).unwrap();
    }
}

mod howe {
    use super::examples;
    use hensoku::portal::howe::{self, Position};
    use hensoku::portal::puzzle::parse_line;

    #[test]
    fn position_examples_parse_and_print_back() {
        let ex = examples("howe-pos");
        assert!(ex.len() >= 3);
        for e in ex {
            let pos: Position = e.parse().unwrap_or_else(|p| panic!("{e}: {p:?}"));
            assert_eq!(pos.to_string(), e.trim_start_matches("howe:"));
        }
    }

    #[test]
    fn puzzle_line_examples_solve_to_their_key() {
        let ex = examples("howe-puzzle-line");
        assert!(!ex.is_empty());
        for e in ex {
            let p = parse_line(&e).unwrap();
            let pos: Position = p.position.parse().unwrap();
            let r = howe::solve(&pos, p.mate_in, &hensoku::Limits::default()).solution;
            assert_eq!(r.keys, p.keys, "{e}");
        }
    }
}

mod buckley {
    use super::examples;
    use hensoku::portal::buckley::{self, Position};

    #[test]
    fn position_examples_parse_and_print_back() {
        let ex = examples("buckley-pos");
        assert!(ex.len() >= 2);
        for e in ex {
            let pos: Position = e.parse().unwrap_or_else(|p| panic!("{e}: {p:?}"));
            assert_eq!(pos.to_string(), e.trim_start_matches("buckley:"));
        }
    }

    /// "position | move": the move resolves in the position and prints back as `want`.
    fn resolves_to(example: &str, want: Option<&str>) {
        let (fen, written) = example.split_once(" | ").unwrap();
        let (written, want) = match want {
            Some(w) => (written, w),
            None => (written, written),
        };
        let pos: Position = fen.parse().unwrap_or_else(|p| panic!("{fen}: {p:?}"));
        let mv = buckley::parse_move(&pos, written).unwrap_or_else(|p| panic!("{example}: {p:?}"));
        assert_eq!(buckley::move_text(&pos, mv), want, "{example}");
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
