//! Bad input never panics: damaged corpus files, arbitrary text, huge or odd set-ups.

use hensoku::fived::pgn;
use hensoku::fived::validate as replay;
use proptest::prelude::*;

fn check(text: &str) -> Vec<String> {
    match pgn::parse(text) {
        Err(p) => {
            assert!(p.span.end() <= text.len(), "span outside the text");
            vec![p.rule.name().to_string()]
        }
        Ok(rec) => {
            let r = replay(&rec, text);
            r.problems
                .iter()
                .map(|p| {
                    assert!(p.span.end() <= text.len(), "span outside the text");
                    p.rule.name().to_string()
                })
                .collect()
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn arbitrary_text_never_panics(s in "[\\[\\]()\"a-hKQRBNPWxO0-9:/*+#~>=.{} TLwb-]{0,80}") {
        check(&s);
    }

    #[test]
    fn damaged_games_never_panic(cut in 0usize..600, junk in "[\\[\\](){}>x0-9a-hT/-]{0,6}") {
        let (Some(a), Some(b)) = (
            crate::common::read_public("5d/penteract__cwmtt/tests/5dpgn/small.5dpgn"),
            crate::common::read_public("5d/adri326__5dchess-tools@v2/tests/games/puzzles/rook-tactics-3.5dpgn"),
        ) else {
            return Ok(());
        };
        let text = a + &b;
        let mut at = cut.min(text.len());
        while !text.is_char_boundary(at) { at -= 1; }
        let damaged = format!("{}{junk}{}", &text[..at], &text[at..]);
        check(&damaged);
    }
}

#[test]
fn named_problems_for_bad_setups() {
    let rules = |t: &str| check(t);
    assert_eq!(
        rules("[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/K1R:0:1:w]\n"),
        ["FenSize"]
    );
    let odd_with_minus_zero = "[Board \"custom\"]\n[InitialMultiverses \"0 1\"]\n[4k/5/5/5/K1R2:0:1:w]\n[4k/5/5/5/K1R2:-0:1:w]\n";
    assert_eq!(rules(odd_with_minus_zero), ["BadTimeline"]);
    assert_eq!(
        rules("[Board \"Misc - Nowhere\"]\n1. e4\n"),
        ["UnknownBoard"]
    );
    assert_eq!(
        rules("[Board \"Standard\"]\n1. (0T1)e4 / (0T1)e5 {open"),
        ["Syntax"]
    );
    assert_eq!(rules("[Board \"Standard\"]\n1. (3T1)e4\n"), ["NoSuchBoard"]);
    assert_eq!(rules("[Board \"Standard\"\n1. e4\n"), ["Syntax"]);
}

#[test]
fn ten_thousand_timelines_are_refused_not_built() {
    let text = "[Board \"custom\"]\n[Size \"1x1\"]\n[K:10000:1:w]\n";
    assert_eq!(check(text), ["TooManyTimelines"]);
    let mut many = String::from("[Board \"custom\"]\n[Size \"1x1\"]\n");
    for l in 0..2000 {
        many.push_str(&format!("[K:{l}:1:w]\n"));
    }
    let started = std::time::Instant::now();
    check(&many);
    // a guard against a hang (building every timeline), not a speed test: the benchmarks
    // measure speed; a loaded CI machine must not fail here
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
}

/// Two thousand timelines, each with a past board to branch onto: room for 2000 new
/// timelines in one action. The verdict search shares the new-timeline axes and makes one
/// cuboid per branch count only when it gets there, so it answers at once in little memory.
#[test]
fn two_thousand_timelines_with_a_past_get_their_verdict() {
    use hensoku::fived::{Budget, Status, status};
    let board = "r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*";
    let mut text = String::from("[Board \"custom\"]\n[Size \"8x8\"]\n");
    for l in -1000..1000 {
        for (t, c) in [(1, 'w'), (1, 'b'), (2, 'w')] {
            text.push_str(&format!("[{board}:{l}:{t}:{c}]\n"));
        }
    }
    let rec = pgn::parse(&text).expect("reads");
    let r = replay(&rec, &text);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let started = std::time::Instant::now();
    assert_eq!(
        status(&r.end.expect("set-up"), Budget::nodes(200_000)),
        Status::Playing
    );
    // a guard against a hang (one cuboid for every branch count at once), not a speed test
    assert!(started.elapsed().as_secs() < 120, "{:?}", started.elapsed());
}
