//! Howe notation round trips (rules §5.4, §6.3): every legal ply prints to a text that
//! reads back to the same ply (with `→` and with `->`), position strings print, read and
//! print identically, and a game's movetext replays to the same plies and prints the same.

use hensoku::core::Game;
use hensoku::games::portal::howe::{self, HowePosition, fen, record, validate};
use proptest::prelude::*;

const STARTS: [&str; 3] = [
    fen::START,
    // pieces on portals of both areas, an intent pending for each side
    "r3k2r/8/q7/7p/P6R/8/8/R3K3 4r3/8/8/n5q1/1N5p/8/8/1Q6 bB Qkq/- -/- wAa4,bAh5 3 12",
    // kings on portals, a Black pawn about to promote in B
    "8/8/8/k7/1q6/8/6P1/8 8/2r5/8/K7/8/8/3p4/8 wA -/- -/- - 0 1",
];

/// A random line of up to `choices.len()` legal plies.
fn line(start: &HowePosition, choices: &[u16]) -> Vec<howe::Ply> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for c in choices {
        let plies = pos.legal_moves();
        if plies.is_empty() {
            break;
        }
        let p = plies[*c as usize % plies.len()];
        out.push(p);
        pos = pos.after(p);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn plies_and_positions_round_trip(which in 0usize..3, choices in prop::collection::vec(any::<u16>(), 0..40)) {
        let start = fen::parse(STARTS[which]).unwrap();
        let mut pos = start.clone();
        for p in line(&start, &choices) {
            for ascii in [false, true] {
                let text = howe::write::move_text(&pos, p, ascii);
                prop_assert_eq!(howe::ply(&pos, &text), Ok(p), "{} in {}", text, fen::to_string(&pos));
            }
            pos = pos.after(p);
            let s = fen::to_string(&pos);
            prop_assert_eq!(fen::to_string(&fen::parse(&s).unwrap()), s);
        }
    }

    #[test]
    fn movetext_replays_and_prints_the_same(which in 0usize..3, choices in prop::collection::vec(any::<u16>(), 1..40)) {
        let start = fen::parse(STARTS[which]).unwrap();
        let plies = line(&start, &choices);
        let text = howe::write::movetext(&start, &plies, false);
        let game = format!("[Variant \"portal-howe\"]\n[FEN \"{}\"]\n\n{text}\n", fen::to_string(&start));
        let rec = &record::read(&game).unwrap()[0];
        let r = validate::replay(rec);
        prop_assert!(r.problems.is_empty(), "{:?} in {}", r.problems, game);
        prop_assert_eq!(&r.plies, &plies);
        prop_assert_eq!(validate::canonical(&r, false), text);
    }
}

#[test]
fn readers_accept_the_documented_variants() {
    let start = HowePosition::startpos();
    let e4 = howe::ply(&start, "Ae4").unwrap();
    assert_eq!(howe::ply(&start, "Ae2e4"), Ok(e4));
    assert_eq!(howe::ply(&start, "Ae4!?"), Ok(e4));
    let nf3 = howe::ply(&start, "nAf3").unwrap();
    assert_eq!(howe::ply(&start, "NAf3"), Ok(nf3));
    assert_eq!(howe::ply(&start, "nAg1f3"), Ok(nf3));
}

#[test]
fn pending_intents_are_executed_in_turn() {
    let p = fen::parse(STARTS[1]).unwrap();
    let texts = |p: &HowePosition| {
        p.legal_moves()
            .into_iter()
            .map(|m| p.move_text(m))
            .collect::<Vec<_>>()
    };
    assert_eq!(texts(&p), vec!["Ah5→Bh5"]);
    let p = p.after(p.legal_moves()[0]);
    assert_eq!(texts(&p), vec!["Aa4→Ba4"]);
    let p = p.after(p.legal_moves()[0]);
    // Black in A again: castling both ways among its moves
    let t = texts(&p);
    assert!(
        t.contains(&"AO-O".to_string()) && t.contains(&"AO-O-O".to_string()),
        "{t:?}"
    );
}

/// A null ply that leaves the opponent in check prints with its `+` and reads back (the
/// round-trip property found this position).
#[test]
fn a_null_ply_giving_check_round_trips() {
    let pos = fen::parse("2Q5/8/k7/2q5/K7/8/8/8 8/8/8/8/8/7r/8/1r6 wB -/- -/- - 9 20").unwrap();
    let null = pos
        .legal_moves()
        .into_iter()
        .find(|&p| p == howe::Ply::Null)
        .expect("a null ply");
    let text = howe::write::move_text(&pos, null, false);
    assert_eq!(text, "--+");
    assert_eq!(howe::ply(&pos, &text), Ok(null));
}
