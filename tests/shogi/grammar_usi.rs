//! Every example written in `grammar/shogi-sfen-usi.ebnf` parses, and prints back unchanged
//! where the printer is canonical.

use hensoku::shogi::{sfen, usi};

fn examples(kind: &str) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/grammar/shogi-sfen-usi.ebnf"
    ))
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
fn sfen_examples_parse() {
    let ex = examples("sfen");
    assert!(ex.len() >= 4);
    for e in ex {
        let pos = sfen::parse_position(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        // the canonical print adds a missing move number (1) and changes nothing else
        let expected = if e.split(' ').count() == 3 {
            format!("{e} 1")
        } else {
            e.clone()
        };
        assert_eq!(sfen::to_sfen(&pos), expected);
    }
}

#[test]
fn move_examples_parse_and_print_back() {
    let ex = examples("move");
    assert!(ex.len() >= 4);
    for e in ex {
        let m = usi::parse_move(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert_eq!(usi::move_text(m), e);
    }
}

#[test]
fn record_examples_parse() {
    let ex = examples("record");
    assert!(ex.len() >= 4);
    for e in ex {
        let r = usi::parse_record(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        let replay = hensoku::shogi::validate(&r);
        assert!(replay.valid(), "{e}: {:?}", replay.problems);
    }
}
