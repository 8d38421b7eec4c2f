//! Every example written in `grammar/chess.ebnf` is read by hensoku's parsers, and prints
//! back unchanged where the printer is canonical.

use hensoku::chess::{self, Chess, Format, Position, SanPlus, Uci};

fn examples(kind: &str) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/chess.ebnf"))
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
fn fen_examples_parse_and_print_back() {
    let ex = examples("fen");
    assert!(ex.len() >= 4);
    for e in ex {
        assert_eq!(e.parse::<Position>().unwrap().to_string(), e);
    }
}

#[test]
fn epd_examples_parse() {
    for e in examples("epd") {
        let line = chess::read_positions(&e, Format::Epd).remove(0).unwrap();
        let (setup, ops) = (line.setup, line.ops);
        assert!(<Chess as hensoku::Setup>::position(&setup, &[]).is_ok());
        assert_eq!(ops[0], ("bm".to_string(), "#1".to_string()));
    }
}

#[test]
fn san_examples_parse() {
    let ex = examples("san");
    assert!(ex.len() >= 8);
    for e in ex {
        e.parse::<SanPlus>()
            .unwrap_or_else(|p| panic!("{e}: {p:?}"));
    }
}

#[test]
fn uci_examples_parse_and_print_back() {
    for e in examples("uci") {
        let u: Uci = e.parse().unwrap();
        assert_eq!(
            format!(
                "{}{}{}",
                u.from,
                u.to,
                u.promotion.map_or(String::new(), |r| r
                    .upper()
                    .to_ascii_lowercase()
                    .to_string())
            ),
            e
        );
    }
}

#[test]
fn pgn_examples_parse_and_replay() {
    let ex = examples("pgn");
    assert_eq!(ex.len(), 2);
    for e in ex {
        let games = chess::read(&e).unwrap();
        assert!(chess::validate(&games[0]).problems.is_empty(), "{e}");
    }
}
