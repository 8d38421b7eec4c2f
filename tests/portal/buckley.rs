//! Buckley's Portal Chess: the rules file's §10 vectors (27 and 24 moves; a fixed pair
//! gives exactly orthodox chess, checked against the shared perft suite), the pair's
//! through-moves of §4.11, portal moves and the black hole, and the notation.

use hensoku::portal::buckley::{self, Position as BuckleyPosition, legal_moves, perft};

/// The position string's reader and printer.
mod position {
    use super::BuckleyPosition;
    pub fn parse(text: &str) -> Result<BuckleyPosition, hensoku::Problem> {
        text.parse()
    }
    pub fn to_string(pos: &BuckleyPosition) -> String {
        pos.to_string()
    }
}

fn texts(pos: &BuckleyPosition) -> Vec<String> {
    legal_moves(pos)
        .into_iter()
        .map(|m| buckley::move_text(pos, m))
        .collect()
}

fn play(pos: &BuckleyPosition, moves: &[&str]) -> BuckleyPosition {
    let mut pos = pos.clone();
    for t in moves {
        let m = buckley::parse_move(&pos, t).unwrap_or_else(|p| panic!("{t}: {p:?}"));
        pos = pos.after(m);
    }
    pos
}

#[test]
fn start_with_e4_a5_has_27_moves() {
    let pos = BuckleyPosition::startpos();
    let t = texts(&pos);
    assert_eq!(t.len(), 27, "{t:?}");
    assert!(!t.contains(&"e4".to_string()));
    assert_eq!(t.iter().filter(|m| m.starts_with('@')).count(), 8);
}

#[test]
fn after_e3_black_has_24_moves() {
    let pos = play(&BuckleyPosition::startpos(), &["e3"]);
    let t = texts(&pos);
    assert_eq!(t.len(), 24, "{t:?}");
    let mut portal: Vec<&String> = t.iter().filter(|m| m.starts_with('@')).collect();
    portal.sort();
    assert_eq!(portal, ["@a5-a4", "@a5-a6", "@a5-b4", "@a5-b5", "@a5-b6"]);
}

#[test]
fn a_rook_goes_through_the_pair_and_on() {
    // with Black's king on e8 the line a1-a5, e4-e8 would give check: it stands on h8
    assert!(position::parse("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 e4:a5").is_err());
    let pos = position::parse("7k/8/8/8/8/8/8/R3K3 w - - 0 1 e4:a5").unwrap();
    let t = texts(&pos);
    for m in [
        "Ra2",
        "Ra3",
        "Ra4",
        "Ra5→e4",
        "Ra5→e5",
        "Ra5→e6",
        "Ra5→e7",
        "Ra5→e8+",
    ] {
        assert!(t.contains(&m.to_string()), "{m} missing from {t:?}");
    }
    let pos = position::parse("7k/4p3/8/8/8/8/8/R3K3 w - - 0 1 e4:a5").unwrap();
    assert!(texts(&pos).contains(&"Ra5→xe7".to_string()));
}

#[test]
fn a_fixed_pair_is_orthodox_chess() {
    let mut checked = 0;
    for line in public_text!("chess/thomasahle__sunfish/tests/files/perft.epd")
        .lines()
        .take(40)
    {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let pos = position::parse(&format!("{fen} e4:e4!")).unwrap();
        let orthodox: hensoku::chess::Position = fen.parse().unwrap();
        for d in 1..=2 {
            assert_eq!(
                perft(&pos, d),
                hensoku::chess::perft(&orthodox, d),
                "{fen} depth {d}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 40);
}

#[test]
fn portal_moves_teleport_pieces_and_make_black_holes() {
    // W on e4 steps onto e5 where a black pawn stands: the pawn goes to a5
    let pos = position::parse("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1 d4:a5").unwrap();
    let next = play(&pos, &["@d4-e5→a5"]);
    assert_eq!(
        position::to_string(&next),
        "4k3/8/8/p7/4P3/8/8/4K3 b - - 1 1 e5:a5"
    );
    // the black hole swallows h and its neighbours and fixes the portals
    let pos = position::parse("4k3/8/1p6/8/8/1P6/8/4K3 w - - 0 1 c4:b5").unwrap();
    let next = play(&pos, &["@c4-b5*"]);
    assert_eq!(
        position::to_string(&next),
        "4k3/8/8/8/8/1P6/8/4K3 b - - 0 1 b5:b5!"
    );
}

#[test]
fn the_black_hole_threat_is_check() {
    // White's portal next to Black's: Black's king on b6 stands in the blast
    let pos = position::parse("8/8/1k6/8/2P5/8/8/4K3 b - - 0 1 c4:b5").unwrap();
    assert!(pos.in_check());
    assert!(
        position::parse("8/8/1k6/8/2P5/8/8/4K3 w - - 0 1 c4:b5").is_err(),
        "the side not to move may not be in check"
    );
}

#[test]
fn notation_round_trips_on_random_games() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    for _ in 0..12 {
        let mut pos = BuckleyPosition::startpos();
        for _ in 0..40 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let t = buckley::move_text(&pos, m);
                assert_eq!(
                    buckley::parse_move(&pos, &t).unwrap(),
                    m,
                    "{t} in {}",
                    position::to_string(&pos)
                );
            }
            let s = position::to_string(&pos);
            assert_eq!(position::to_string(&position::parse(&s).unwrap()), s);
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos = pos.after(moves[(seed % moves.len() as u64) as usize]);
        }
    }
}

/// Records of Buckley's game replay; illegal moves get the rule and a span.
#[test]
fn records_replay_and_illegal_moves_are_diagnosed() {
    let good = "[Variant \"portal-buckley\"]\n[FEN \"7k/4p3/8/8/8/8/8/R3K3 w - - 0 1 e4:a5\"]\n\n1. Ra5->xe7 Kg8 2. @e4-e5 *";
    let r = buckley::validate(&buckley::read(good).unwrap()[0]);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(
        position::to_string(&r.end),
        "6k1/4R3/8/8/8/8/8/4K3 b - - 2 2 e5:a5"
    );
    let cases = [
        "1. e4 *",
        "1. Nf3 a6 2. Nxe5→d4 *",
        "1. @e4-e6 *",
        "1. @a5-a4 *",
        "1. e3 @a4 *",
        "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1 f1:a5\"]\n\n1. O-O *",
        "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 e4:e5!\"]\n\n1. Kd2 *",
        "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1 e4:e4!\"]\n\n1. @e4-e3 *",
        "1. e3 a5⇒e4 *",
    ];
    let mut out = String::new();
    for text in cases {
        let rec = &buckley::read(text).unwrap()[0];
        let r = buckley::validate(rec);
        out.push_str(&format!("{text}\n"));
        for p in &r.problems {
            out.push_str(&format!(
                "  {} (ply {:?}) at `{}`: {}\n",
                p.rule.name(),
                p.ply,
                &text[p.span.offset..p.span.end()],
                p.message
            ));
        }
    }
    insta::assert_snapshot!("buckley_illegal", out);
}

/// A `#` mark must be true (the shared replay checks it for every one-board version); the
/// black-hole mate of `puzzles/portal/buckley.txt` (buckley-10) may carry it.
#[test]
fn a_false_mate_mark_is_diagnosed() {
    let mate = "[FEN \"k7/6K1/8/2R2p2/8/8/8/4Q3 w - - 0 1 a6:b8\"]\n\n1. @a6-a7# *";
    let r = buckley::validate(&buckley::read(mate).unwrap()[0]);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.result.reason, "checkmate");
    let text = "1. e3# *";
    let r = buckley::validate(&buckley::read(text).unwrap()[0]);
    let p = &r.problems[0];
    assert_eq!(
        (p.rule.name(), &text[p.span.offset..p.span.end()]),
        ("WrongCheckMark", "e3#")
    );
}
