//! Every example in `grammar/5dpgn.ebnf` and `grammar/vector.ebnf` reads; records replay
//! legally and print back to text that reads to the same actions.

use hensoku::fived::Budget;
use hensoku::fived::pgn;
use hensoku::fived::pgn::{Style, movetext};
use hensoku::fived::validate as replay;

fn examples(file: &str, kind: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{}/grammar/{file}", env!("CARGO_MANIFEST_DIR")))
        .expect("grammar file");
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
fn move_examples_read_as_one_move() {
    for file in ["5dpgn.ebnf", "vector.ebnf"] {
        let ex = examples(file, "move");
        assert!(ex.len() >= 5, "{file}");
        for e in ex {
            let rec = pgn::parse(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
            assert_eq!(rec.items.len(), 1, "{e}: {:?}", rec.items);
            assert_eq!(rec.items[0].span().len, e.len(), "{e}");
        }
    }
}

#[test]
fn record_examples_replay_and_print_back() {
    for file in ["5dpgn.ebnf", "vector.ebnf"] {
        let ex = examples(file, "record");
        assert!(ex.len() >= 2, "{file}");
        for e in ex {
            let rec = pgn::parse(&e).unwrap_or_else(|p| panic!("{e}: {p:?}"));
            let r = replay(&rec, &e);
            assert!(r.problems.is_empty(), "{e}: {:?}", r.problems);
            assert!(!r.actions.is_empty(), "{e}");
            let start = r.start.clone().expect("start");
            let actions: Vec<_> = r.actions.iter().map(|a| a.moves.clone()).collect();
            for style in [Style::Pgn, Style::Vector] {
                let head: String = rec
                    .tags
                    .iter()
                    .map(|t| format!("[{} \"{}\"]\n", t.name, t.value))
                    .collect();
                let fens: String = rec
                    .fens
                    .iter()
                    .map(|f| format!("{}\n", &e[f.span.offset..f.span.end()]))
                    .collect();
                let printed = format!(
                    "{head}{fens}{}",
                    movetext(&start, &actions, style, Budget::default())
                );
                let again = pgn::parse(&printed).unwrap_or_else(|p| panic!("{printed}: {p:?}"));
                let r2 = replay(&again, &printed);
                assert!(r2.problems.is_empty(), "{printed}: {:?}", r2.problems);
                let moves2: Vec<_> = r2.actions.iter().map(|a| a.moves.clone()).collect();
                assert_eq!(moves2, actions, "{printed}");
            }
        }
    }
}
