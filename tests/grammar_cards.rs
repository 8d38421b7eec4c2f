//! Every example of `grammar/shogi-cards-usi.ebnf` parses and prints back canonically.

use hensoku::games::shogi_cards::notation::{parse_ply, parse_sfen_c, ply_text, to_sfen_c};
use hensoku::games::shogi_cards::validate::{parse_record, replay};

fn examples(kind: &str) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/shogi-cards-usi.ebnf")).unwrap();
    let tag = format!("(* example {kind}: ");
    text.lines()
        .filter_map(|l| l.trim().strip_prefix(tag.as_str()).and_then(|r| r.strip_suffix(" *)")).map(str::to_string))
        .collect()
}

#[test]
fn move_examples_parse_and_print_back() {
    let ex = examples("move");
    assert!(ex.len() >= 12);
    for e in ex {
        let (m, _) = parse_ply(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert_eq!(ply_text(m), e);
    }
    for e in examples("alias") {
        let (alias, canonical) = e.split_once(" = ").unwrap();
        assert_eq!(ply_text(parse_ply(alias).unwrap().0), canonical);
    }
}

#[test]
fn sfen_c_examples_parse_and_print_back() {
    let ex = examples("sfen-c");
    assert!(ex.len() >= 4);
    for e in ex {
        let (p, stated) = parse_sfen_c(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert!(stated);
        assert_eq!(to_sfen_c(&p), e);
    }
}

#[test]
fn record_examples_replay() {
    let ex = examples("record");
    assert!(ex.len() >= 2);
    for e in ex {
        let r = replay(&parse_record(&e).unwrap_or_else(|p| panic!("{e}: {p:?}")));
        assert!(r.problems.is_empty(), "{e}: {:?}", r.problems);
    }
}
