//! The validator against public records and hand-made bad input.
//!
//! `move_sequences.txt` and `sfen_positions.txt`: crates.io package rsshogi 1.7.3,
//! `tests/test_data/` (MIT), copied unmodified into `tests/data/shogi/rsshogi@1.7.3/`.

use hensoku::shogi::Position;
use hensoku::shogi::legal_moves;
use hensoku::shogi::validate as replay;
use hensoku::shogi::{sfen, usi};

fn sequences() -> Vec<(String, String)> {
    crate::common::read("shogi/rsshogi@1.7.3/tests/test_data/move_sequences.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains('|'))
        .map(|l| {
            let (n, s) = l.split_once('|').unwrap();
            (n.trim().to_string(), s.trim().to_string())
        })
        .collect()
}

fn sequence(name: &str) -> String {
    sequences().into_iter().find(|(n, _)| n == name).unwrap().1
}

#[test]
fn nifu_is_reported_at_its_ply_and_span() {
    let text = sequence("double_pawn_illegal");
    let r = replay(&usi::parse_record(&text).unwrap());
    assert_eq!(r.moves.len(), 83);
    let p = &r.problems[0];
    assert_eq!((p.rule.name(), p.ply), ("TwoPawns", Some(84)));
    assert_eq!(&text[p.span.offset..p.span.end()], "P*6g");
}

#[test]
fn uchifuzume_is_reported_at_its_ply() {
    let text = sequence("uchifuzume_illegal");
    let r = replay(&usi::parse_record(&text).unwrap());
    let p = &r.problems[0];
    assert_eq!((p.rule.name(), p.ply), ("DropPawnMate", Some(106)));
    assert_eq!(&text[p.span.offset..p.span.end()], "P*6e");
}

#[test]
fn fourfold_repetition_ends_the_game_as_a_draw() {
    let r = replay(&usi::parse_record(&sequence("repetition_4fold")).unwrap());
    assert!(r.valid());
    assert_eq!(r.result.reason, "repetition");
    assert_eq!(r.result.winner, None);
    assert_eq!(r.moves.len(), 49);
}

#[test]
fn a_move_after_the_repetition_is_game_over() {
    let text = format!("{} 4b5b", sequence("repetition_4fold"));
    let r = replay(&usi::parse_record(&text).unwrap());
    assert_eq!(r.problems[0].rule.name(), "GameOver");
    assert_eq!(r.problems[0].ply, Some(50));
}

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    // White's king shuttles 2a-3a while Black's rook follows it on the 9th rank, checking
    // every time; the position after ply 1 recurs a fourth time at ply 13, and every Black
    // ply since its first occurrence gave check.
    let text = "position sfen 7k1/9/9/9/9/9/9/9/K6R1 w - 1 moves 2a3a 2i3i 3a2a 3i2i 2a3a 2i3i 3a2a 3i2i 2a3a 2i3i 3a2a 3i2i 2a3a";
    let r = replay(&usi::parse_record(text).unwrap());
    // the checking side completes the repetition on ply 12 (Black's last check)
    let p = r
        .problems
        .last()
        .expect("a perpetual check must be reported");
    assert_eq!((p.rule.name(), p.ply), ("PerpetualCheck", Some(12)));
    assert_eq!(r.result.reason, "perpetual_check");
    assert_eq!(r.result.winner.as_deref(), Some("white"));
}

#[test]
fn invalid_sfens_of_the_data_set_are_refused() {
    let text = crate::common::read("shogi/rsshogi@1.7.3/tests/test_data/sfen_positions.txt");
    for line in text.lines().filter(|l| l.contains('|')) {
        let (name, s) = line.split_once('|').unwrap();
        let result = sfen::parse_position(s.trim());
        if name.trim().starts_with("invalid") {
            let e = result.expect_err(name);
            assert_eq!(e.rule.name(), "TooManyPieces", "{name}");
        } else {
            let pos = result.unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert_eq!(
                sfen::to_sfen(&pos),
                s.trim(),
                "{name} prints back unchanged"
            );
        }
    }
}

#[test]
fn setups_with_ten_kings_or_a_pawn_on_the_last_rank_are_refused() {
    let e = sfen::parse_position("KKKKKKKKK/K8/9/9/9/9/9/9/9 b - 1").unwrap_err();
    assert_eq!(e.rule.name(), "TooManyKings");
    let e = sfen::parse_position("4k3P/9/9/9/9/9/9/9/4K4 b - 1").unwrap_err();
    assert_eq!(e.rule.name(), "DeadPiece");
    let e = sfen::parse_position("4k4/4G4/9/9/9/9/9/9/4K4 b - 1").unwrap_err();
    assert_eq!(e.rule.name(), "OpponentInCheck");
}

/// A long game of legal moves chosen by a fixed pseudo-random sequence.
fn random_game(plies: usize, seed: u64) -> Vec<String> {
    let mut pos = Position::startpos();
    let mut s = seed;
    let mut out = Vec::new();
    while out.len() < plies {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(s >> 33) as usize % moves.len()];
        out.push(usi::move_text(m));
        pos.play(m);
    }
    out
}

#[test]
fn illegal_moves_at_ply_1_and_ply_500_are_pinned_to_their_text() {
    let r = replay(&usi::parse_record("position startpos moves 7g7e").unwrap());
    assert_eq!(
        (r.problems[0].rule.name(), r.problems[0].ply),
        ("IllegalMovement", Some(1))
    );
    assert_eq!(r.problems[0].span.offset, "position startpos moves ".len());

    // find a seed whose game lasts 499 plies, then add a move that stays on its square
    let game = (1..50)
        .map(|s| random_game(499, s))
        .find(|g| g.len() == 499)
        .expect("a long game");
    let text = format!("position startpos moves {} 5e5e", game.join(" "));
    let r = replay(&usi::parse_record(&text).unwrap());
    let p = r.problems.last().unwrap();
    assert_eq!(p.ply, Some(500));
    assert!(
        ["NoPiece", "WrongSide", "OwnPieceOnTarget"].contains(&p.rule.name()),
        "{p:?}"
    );
    assert_eq!(&text[p.span.offset..p.span.end()], "5e5e");
}

#[test]
fn checkmate_is_detected_and_ends_the_game() {
    // fool's-mate-like: Black drops a gold in front of the king backed by a silver
    let r =
        replay(&usi::parse_record("position sfen 4k4/9/4S4/9/9/9/9/9/9 b G 1 moves G*5b").unwrap());
    assert!(r.valid());
    assert_eq!(r.result.reason, "checkmate");
    assert_eq!(r.result.winner.as_deref(), Some("black"));
    let r = replay(
        &usi::parse_record("position sfen 4k4/9/4S4/9/9/9/9/9/9 b G 1 moves G*5b 5a4a").unwrap(),
    );
    assert_eq!(r.problems[0].rule.name(), "GameOver");
}

/// Microcosmos (Hashimoto Koji, 1525 plies): the full answer replays legally to mate.
/// Data: `tests/data/shogi/compiled/microcosmos_answer.usi`, from komori-n/KomoringHeights
/// @ f1627f48eb5e `node_benchmark.cpp` (see SOURCES.md).
#[test]
fn microcosmos_answer_replays_to_mate() {
    let text = crate::common::read("shogi/compiled/microcosmos_answer.usi");
    let r = replay(&usi::parse_record(&text).unwrap());
    assert!(r.valid(), "{:?}", r.problems);
    assert_eq!(r.moves.len(), 1525);
    assert_eq!(r.result.reason, "checkmate");
    assert_eq!(r.result.winner.as_deref(), Some("black"));
}
