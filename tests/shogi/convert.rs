//! Conversion between every pair of shogi notations is lossless for the moves and the start
//! position, on random legal games and on the tsumemi sample files
//! (`data/shogi/Marken-Foo__tsumemi/` of the public test data, GitHub Marken-Foo/tsumemi, GPLv3).

use hensoku::shogi::Record;
use hensoku::shogi::legal_moves;
use hensoku::shogi::sfen;
use hensoku::shogi::validate as replay;
use hensoku::shogi::{Format, io};
use hensoku::shogi::{Move, Position};
use proptest::prelude::*;

const RECORD_FORMATS: [Format; 4] = [Format::Usi, Format::Csa, Format::Kif, Format::Ki2];

/// Convert `record` (already legal) to `to`, read it back, and return the replayed moves.
fn through(record: &Record, moves: &[Move], to: Format) -> (Record, Vec<Move>) {
    let text =
        io::write(record, moves, to).unwrap_or_else(|p| panic!("write {}: {p:?}", to.name()));
    let back = io::read(&text, to)
        .unwrap_or_else(|p| panic!("read {}: {p:?}\n{text}", to.name()))
        .remove(0);
    let r = replay(&back);
    assert!(r.valid(), "{}: {:?}\n{text}", to.name(), r.problems);
    (back, r.moves)
}

fn check_all_pairs(record: &Record, moves: &[Move]) {
    for from in RECORD_FORMATS {
        let (rec_from, moves_from) = through(record, moves, from);
        assert_eq!(moves_from, moves, "via {}", from.name());
        for to in RECORD_FORMATS {
            let (rec_to, moves_to) = through(&rec_from, &moves_from, to);
            assert_eq!(moves_to, moves, "{} -> {}", from.name(), to.name());
            assert_eq!(
                sfen::setup_to_sfen(&rec_to.start),
                sfen::setup_to_sfen(&record.start),
                "{} -> {}",
                from.name(),
                to.name()
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn random_games_convert_losslessly(choices in prop::collection::vec(any::<usize>(), 0..80)) {
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for c in choices {
            let legal = legal_moves(&pos);
            if legal.is_empty() { break; }
            let m = legal[c % legal.len()];
            moves.push(m);
            pos.play(m);
        }
        let record = io::read(&io::write(&Record::default(), &moves, Format::Usi).unwrap(), Format::Usi).unwrap().remove(0);
        let played = replay(&record).moves;
        check_all_pairs(&record, &played);
    }
}

#[test]
fn tsumemi_files_convert_losslessly() {
    for dir in ["1te", "3te"] {
        for n in 1..=10 {
            let rel = format!("shogi/Marken-Foo__tsumemi/sample_problems/{dir}/{n}.kif");
            let path = public_path!(&rel);
            let bytes = std::fs::read(path).unwrap();
            let text = io::decode(&bytes, Format::Kif, Some(&rel)).unwrap();
            let record = io::read(&text, Format::Kif).unwrap().remove(0);
            let r = replay(&record);
            assert!(r.valid(), "{rel}");
            check_all_pairs(&record, &r.moves);
        }
    }
}
