//! Every example in `grammar/shelt.ebnf` parses; readouts and compact plies print back as
//! written, long coordinates print as their short form, SPNs round-trip.

use hensoku::shelt::{compact, readout, spn};

fn examples(kind: &str) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/shelt.ebnf"))
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
fn readout_examples_parse_and_print_back() {
    let ex = examples("readout");
    assert!(ex.len() >= 10);
    for e in ex {
        let r = readout::parse(&e, 0).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert_eq!(readout::print(&r), e);
    }
}

#[test]
fn long_coordinates_read_as_the_short_ones() {
    let ex = examples("long");
    assert!(ex.len() >= 3);
    for e in ex {
        let (long, short) = e.split_once(" = ").unwrap();
        let r = readout::parse(long, 0).unwrap_or_else(|p| panic!("{long}: {p:?}"));
        assert_eq!(readout::print(&r), short);
    }
}

#[test]
fn compact_examples_parse_and_print_back() {
    let ex = examples("compact");
    assert!(ex.len() >= 8);
    for e in ex {
        let c = compact::parse(&e, 0).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert_eq!(compact::print(&c), e);
    }
}

#[test]
fn spn_examples_are_valid_positions_and_round_trip() {
    let ex = examples("spn");
    assert!(ex.len() >= 5);
    for e in ex {
        let pos = spn::parse_position(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
        assert_eq!(spn::to_spn(&pos), e);
    }
}
