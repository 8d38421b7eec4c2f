//! Every example written in `grammar/shogi-csa.ebnf` parses, and prints back stably.

use hensoku::shogi::csa;

/// The examples of the grammar file: lines `(* example: … *)`, with `\n` for line breaks.
fn examples() -> Vec<(usize, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/shogi-csa.ebnf");
    let text = std::fs::read_to_string(path).expect("the grammar file exists");
    text.lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let body = line
                .trim()
                .strip_prefix("(* example:")?
                .strip_suffix("*)")?;
            Some((n + 1, body.trim().replace("\\n", "\n")))
        })
        .collect()
}

#[test]
fn every_grammar_example_parses() {
    let examples = examples();
    assert!(
        examples.len() >= 15,
        "only {} examples found",
        examples.len()
    );
    for (line, example) in examples {
        let records = csa::parse_records(&example)
            .unwrap_or_else(|p| panic!("example on line {line} does not parse: {p:?}\n{example}"));
        assert!(
            !records.is_empty(),
            "example on line {line} holds no record"
        );
        let printed = csa::print_records(&records).unwrap();
        let again = csa::parse_records(&printed).unwrap();
        assert_eq!(
            csa::print_records(&again).unwrap(),
            printed,
            "example on line {line}"
        );
    }
}
