//! Every example of `grammar/shogi-cards-usi.ebnf` and `grammar/shogi-cards-records.ebnf`
//! parses and prints back canonically.

use hensoku::shogi_cards::notation::parse_record;
use hensoku::shogi_cards::notation::{parse_ply, parse_sfen_c, ply_text, to_sfen_c};
use hensoku::shogi_cards::validate as replay;

fn examples(kind: &str) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/grammar/shogi-cards-usi.ebnf"
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

// ---------- grammar/shogi-cards-records.ebnf: card plies and headers in CSA, KIF, KI2 ----------

mod records {
    use hensoku::shogi_cards::Form;
    use hensoku::shogi_cards::legal_moves as legal_plies;
    use hensoku::shogi_cards::notation::{parse_card_record, print_card_record};
    use hensoku::shogi_cards::notation::{parse_in, print_in};
    use hensoku::shogi_cards::notation::{parse_ply, parse_sfen_c};

    fn grammar() -> String {
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/grammar/shogi-cards-records.ebnf"
        ))
        .unwrap()
    }

    /// One-line examples of `kind`: "position | text | usi".
    fn move_examples(kind: &str) -> Vec<[String; 3]> {
        let tag = format!("(* example {kind}: ");
        grammar()
            .lines()
            .filter_map(|l| {
                l.trim()
                    .strip_prefix(tag.as_str())
                    .and_then(|r| r.strip_suffix(" *)"))
            })
            .map(|e| {
                let f: Vec<&str> = e.split(" | ").collect();
                assert_eq!(f.len(), 3, "{e}");
                [f[0].to_string(), f[1].to_string(), f[2].to_string()]
            })
            .collect()
    }

    /// Multi-line examples: the lines after "(* example <kind> record:" up to "*)".
    fn record_examples(kind: &str) -> Vec<String> {
        let head = format!("(* example {kind} record:");
        let mut out = Vec::new();
        let mut current: Option<String> = None;
        for line in grammar().lines() {
            if current.is_none() {
                if line.trim() == head {
                    current = Some(String::new());
                }
            } else if line.trim() == "*)" {
                out.extend(current.take());
            } else if let Some(text) = current.as_mut() {
                text.push_str(line);
                text.push('\n');
            }
        }
        out
    }

    fn check_moves(kind: &str, form: Form, canonical: bool) {
        let ex = move_examples(kind);
        assert!(!ex.is_empty(), "no `{kind}` examples");
        for [sfen, text, usi] in ex {
            let pos = parse_sfen_c(&sfen)
                .unwrap_or_else(|p| panic!("{sfen}: {p:?}"))
                .0;
            let (mv, _) = parse_ply(&usi).unwrap();
            let legal = legal_plies(&pos);
            assert!(legal.contains(&mv), "{usi} is not legal in {sfen}");
            assert_eq!(
                parse_in(form, &pos, &text, None).unwrap_or_else(|p| panic!("{text}: {p:?}")),
                mv,
                "{text}"
            );
            if canonical {
                assert_eq!(
                    print_in(form, &pos, mv, None, &legal),
                    text,
                    "{usi} in {sfen}"
                );
            }
        }
    }

    #[test]
    fn csa_card_plies_read_and_print_as_written() {
        check_moves("csa", Form::Csa, true);
    }

    #[test]
    fn kif_card_plies_read_and_print_as_written() {
        check_moves("kif", Form::Kif, true);
        check_moves("kif alias", Form::Kif, false);
    }

    #[test]
    fn ki2_card_plies_read_and_print_as_written() {
        check_moves("ki2", Form::Ki2, true);
    }

    #[test]
    fn record_examples_read_replay_and_print_back() {
        for (kind, form) in [("csa", Form::Csa), ("kif", Form::Kif)] {
            let ex = record_examples(kind);
            assert_eq!(ex.len(), 1, "{kind}");
            for text in ex {
                let rec =
                    parse_card_record(form, &text).unwrap_or_else(|p| panic!("{text}: {p:?}"));
                assert!(rec.cards_stated, "{kind}: card headers not seen");
                assert_eq!(rec.plies.len(), 4, "{kind}");
                let plies: Vec<_> = rec.plies.iter().map(|(m, _)| *m).collect();
                assert_eq!(print_card_record(form, &rec.start, &plies), text, "{kind}");
            }
        }
    }
}
