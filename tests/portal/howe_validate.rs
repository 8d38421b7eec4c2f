//! The Howe validator: records replayed, every refusal naming its rule and pointing at the
//! culprit in the file; bad input of any kind gives problems, never a panic.

use hensoku::Problem;
use hensoku::portal::howe;

/// The first problem of the first game, and the text it points at.
fn first_problem(text: &str) -> (Problem, String) {
    let recs = match howe::read(text) {
        Ok(r) => r,
        Err(p) => {
            let at = text[p.span.offset..p.span.end()].to_string();
            return (p, at);
        }
    };
    let r = howe::validate(&recs[0]);
    let p = r
        .problems
        .first()
        .cloned()
        .unwrap_or_else(|| panic!("no problem in {text}"));
    let at = text[p.span.offset..p.span.end()].to_string();
    (p, at)
}

#[test]
fn diagnostics_name_the_rule_and_span_the_culprit() {
    let cases = [
        // a ply without its area
        ("1:e4 Ba5", "MissingArea", "e4"),
        // White's second ply is in B, not A
        ("1:Ae4 Ba5 2:Ad4", "WrongArea", "A"),
        // an execution's destination area is the one the schedule judges
        (
            "1:Aa4 Bh5 2:Bb3 Ah6 3:Aa4→? Bh5→? 4:Ba4→Aa4",
            "WrongArea",
            "A",
        ),
        ("1:Ae4 Ba5 3:Bh4", "MoveNumber", "3:"),
        ("1:Ae5", "IllegalMove", "Ae5"),
        ("1:Ab4→?", "IntentOffPortal", "Ab4→?"),
        (
            "1:Aa4 Bh5 2:Bh4 Ah6 3:Aa4→? Bb6 4:Bb3",
            "ExecutionDue",
            "Bb3",
        ),
        ("1:Aa4 Bh5 2:Bh4 Ah6 3:Ba4→Aa4", "NoIntent", "Ba4→Aa4"),
        ("1:-- Ba5", "NullNotAllowed", "--"),
        ("1:Ae4 Ba5 Bh4", "Syntax", "Bh4"),
        ("1:Ae4 Ba5 2:... Ae5", "PlyNotShown", "..."),
        ("1:Ae4 Ba5 2:Bh4 Ae5 3:Ae4⇒?", "ArrowForm", "⇒"),
        (
            "1:Ae4 Ba5 2:Bh4 Ae5 3:'teleport please'",
            "Syntax",
            "'teleport please'",
        ),
        ("1:Ae4 Ba5 2:BNc3", "Syntax", "BNc3"),
    ];
    for (moves, rule, at) in cases {
        let (p, got) = first_problem(&format!("[Variant \"portal-howe\"]\n\n{moves}\n"));
        assert_eq!(
            (p.rule.name(), got.as_str()),
            (rule, at),
            "{moves}: {}",
            p.message
        );
    }
}

#[test]
fn a_bad_fen_tag_is_spanned_in_the_file() {
    let text = "[Variant \"portal-howe\"]\n[FEN \"8/8/8/8/8/8/8/8 4k3/8/8/8/8/8/8/8 wA -/- -/- - 0 1\"]\n\n1:-- *\n";
    let (p, at) = first_problem(text);
    assert_eq!(p.rule.name(), "MissingKing");
    assert!(at.starts_with("8/8/8/8/8/8/8/8 4k3"), "{at}");
}

#[test]
fn a_finished_game_reports_its_mate_and_refuses_more() {
    let fen = "r7/8/8/n7/8/8/8/K7 4k3/8/8/8/8/8/8/7R bB -/- -/- bAa5 0 1";
    let text = format!("[Variant \"portal-howe\"]\n[FEN \"{fen}\"]\n\n1:... nAa5→Ba5# 0-1\n");
    let r = howe::validate(&howe::read(&text).unwrap()[0]);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(
        (r.result.reason.as_str(), r.result.winner.as_deref()),
        ("checkmate", Some("black"))
    );
    let more = text.replace("# 0-1", "# 2:rBh2");
    let (p, at) = first_problem(&more);
    assert_eq!((p.rule.name(), at.as_str()), ("GameOver", "rBh2"));
}

mod robust {
    use hensoku::portal::howe::{self, Position as HowePosition};
    use proptest::prelude::*;

    const PIECES: &str = "1:Ae4 Ba5 2:Bh4 Ae5 3:qAa4→? nBxa5 'intent' (remark) -- ... →? -> x wA bB 8/8 K k / -/- 0 1 [FEN \"\"] {";

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,60}") {
            let _ = text.parse::<HowePosition>();
            let _ = howe::parse_move(&HowePosition::startpos(), &text);
            if let Ok(recs) = howe::read(&text) {
                for r in &recs {
                    let _ = howe::validate(r);
                }
            }
        }

        #[test]
        fn shuffled_fragments_never_panic(picks in prop::collection::vec(0usize..40, 0..24)) {
            let words: Vec<&str> = PIECES.split(' ').collect();
            let text: Vec<&str> = picks.iter().map(|i| words[i % words.len()]).collect();
            let text = text.join(" ");
            if let Ok(recs) = howe::read(&text) {
                for r in &recs {
                    let rep = howe::validate(r);
                    for p in &rep.problems {
                        prop_assert!(p.span.end() <= text.len());
                    }
                }
            }
        }
    }
}
