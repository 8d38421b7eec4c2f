//! Howe notation round trips (rules §5.4, §6.3): every legal ply prints to a text that
//! reads back to the same ply (with `→` and with `->`), position strings print, read and
//! print identically, and a game's movetext replays to the same plies and prints the same.

use hensoku::portal::howe::{self, Position as HowePosition};
use proptest::prelude::*;

const STARTS: [&str; 3] = [
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR wA KQ/kq -/- - 0 1",
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
        let plies = howe::legal_moves(&pos);
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
        let start: HowePosition = STARTS[which].parse().unwrap();
        let mut pos = start.clone();
        for p in line(&start, &choices) {
            for ascii in [false, true] {
                let text = if ascii { howe::move_text_ascii(&pos, p) } else { howe::move_text(&pos, p) };
                prop_assert_eq!(howe::parse_move(&pos, &text), Ok(p), "{} in {}", text, pos);
            }
            pos = pos.after(p);
            let s = pos.to_string();
            prop_assert_eq!(s.parse::<HowePosition>().unwrap().to_string(), s);
        }
    }

    #[test]
    fn movetext_replays_and_prints_the_same(which in 0usize..3, choices in prop::collection::vec(any::<u16>(), 1..40)) {
        let start: HowePosition = STARTS[which].parse().unwrap();
        let plies = line(&start, &choices);
        let text = howe::movetext(&start, &plies, false);
        let game = format!("[Variant \"portal-howe\"]\n[FEN \"{}\"]\n\n{text}\n", start);
        let rec = &howe::read(&game).unwrap()[0];
        let r = howe::validate(rec);
        prop_assert!(r.problems.is_empty(), "{:?} in {}", r.problems, game);
        prop_assert_eq!(&r.plies, &plies);
        prop_assert_eq!(r.movetext(false), text);
    }
}

#[test]
fn readers_accept_the_documented_variants() {
    let start = HowePosition::startpos();
    let e4 = howe::parse_move(&start, "Ae4").unwrap();
    assert_eq!(howe::parse_move(&start, "Ae2e4"), Ok(e4));
    assert_eq!(howe::parse_move(&start, "Ae4!?"), Ok(e4));
    let nf3 = howe::parse_move(&start, "nAf3").unwrap();
    assert_eq!(howe::parse_move(&start, "NAf3"), Ok(nf3));
    assert_eq!(howe::parse_move(&start, "nAg1f3"), Ok(nf3));
}

#[test]
fn pending_intents_are_executed_in_turn() {
    let p: HowePosition = STARTS[1].parse().unwrap();
    let texts = |p: &HowePosition| {
        howe::legal_moves(p)
            .into_iter()
            .map(|m| howe::move_text(p, m))
            .collect::<Vec<_>>()
    };
    assert_eq!(texts(&p), vec!["Ah5→Bh5"]);
    let p = p.after(howe::legal_moves(&p)[0]);
    assert_eq!(texts(&p), vec!["Aa4→Ba4"]);
    let p = p.after(howe::legal_moves(&p)[0]);
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
    let pos: HowePosition = "2Q5/8/k7/2q5/K7/8/8/8 8/8/8/8/8/7r/8/1r6 wB -/- -/- - 9 20"
        .parse()
        .unwrap();
    let null = howe::legal_moves(&pos)
        .into_iter()
        .find(|&p| p == howe::Ply::Null)
        .expect("a null ply");
    let text = howe::move_text(&pos, null);
    assert_eq!(text, "--+");
    assert_eq!(howe::parse_move(&pos, &text), Ok(null));
}
