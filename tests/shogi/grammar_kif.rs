//! Every example in `grammar/shogi-kif.ebnf` parses (as KIF or KI2); every counter-example
//! is refused by both. Keeps the grammar honest about what the parser accepts.

use hensoku::shogi::{ki2, kif};
use hensoku::{CommonRule, Problem};

fn examples(tag: &str) -> Vec<String> {
    let grammar = include_str!("../../grammar/shogi-kif.ebnf");
    let open = format!("(* {tag}: ");
    grammar
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix(open.as_str()))
        .map(|l| {
            l.strip_suffix(" *)")
                .unwrap_or_else(|| panic!("unterminated example: {l}"))
                .replace("\\n", "\n")
        })
        .collect()
}

/// Read by the grammar: a record, or a line (a comment, say) that holds none on its own.
fn parses(text: &str) -> bool {
    let read = |r: Result<(), Problem>| match r {
        Ok(()) => true,
        Err(p) => p.rule == CommonRule::NoRecord,
    };
    read(kif::parse_record(text).map(|_| ())) || read(ki2::parse_record(text).map(|_| ()))
}

#[test]
fn every_example_parses() {
    let ex = examples("example");
    assert!(ex.len() >= 20, "only {} examples found", ex.len());
    for e in &ex {
        assert!(
            parses(e),
            "example does not parse: {e:?}\nKIF: {:?}\nKI2: {:?}",
            kif::parse_record(e).err(),
            ki2::parse_record(e).err()
        );
    }
}

#[test]
fn every_counter_example_is_refused() {
    let ex = examples("counter-example");
    assert!(ex.len() >= 8, "only {} counter-examples found", ex.len());
    for e in &ex {
        assert!(!parses(e), "counter-example parses: {e:?}");
    }
}
