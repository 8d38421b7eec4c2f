//! Property tests: print → parse → print is the identity for SFEN and USI.

use hensoku::shogi::Position;
use hensoku::shogi::legal_moves;
use hensoku::shogi::validate as replay;
use hensoku::shogi::{sfen, usi};
use proptest::prelude::*;

/// Play `choices` (each taken modulo the number of legal moves) from the start.
fn game(choices: &[usize]) -> (Position, Vec<hensoku::shogi::Move>) {
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    for &c in choices {
        let legal = legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        let m = legal[c % legal.len()];
        moves.push(m);
        pos.play(m);
    }
    (pos, moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn sfen_round_trip(choices in prop::collection::vec(any::<usize>(), 0..120)) {
        let (pos, _) = game(&choices);
        let text = sfen::to_sfen(&pos);
        let back = sfen::parse_position(&text).unwrap();
        prop_assert_eq!(&back, &pos);
        prop_assert_eq!(sfen::to_sfen(&back), text);
        prop_assert_eq!(back.hash(), pos.hash());
    }

    #[test]
    fn usi_record_round_trip(choices in prop::collection::vec(any::<usize>(), 0..120)) {
        let (_, moves) = game(&choices);
        let start = sfen::parse_setup(sfen::STARTPOS).unwrap();
        let text = usi::print_record(&start, &moves);
        let record = usi::parse_record(&text).unwrap();
        let r = replay(&record);
        prop_assert!(r.problems.iter().all(|p| p.rule.name() != "Syntax"));
        // a random game may end early by repetition; every move up to there must match
        prop_assert_eq!(&r.moves[..], &moves[..r.moves.len()]);
        prop_assert_eq!(usi::print_record(&start, &moves), text);
    }

    #[test]
    fn parsers_never_panic(s in "\\PC{0,200}") {
        let _ = sfen::parse_setup(&s);
        let _ = usi::parse_record(&s);
        let _ = usi::parse_move(&s);
    }
}
