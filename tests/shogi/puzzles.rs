//! Every puzzle in `puzzles/shogi/`: the answer replays legally with checks on every
//! attacker ply and ends in mate, and the solver finds the stated length.

use crate::solve;
use hensoku::puzzle::{self, Stipulation};
use hensoku::shogi::legal_moves;
use hensoku::shogi::validate as replay;
use hensoku::shogi::{Position, Square};
use hensoku::shogi::{sfen, usi};
use hensoku::{Limits, Outcome};

fn puzzles() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/shogi");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("puzzles/shogi exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "puzzle"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).expect("readable"),
            )
        })
        .collect()
}

/// In check by one distant piece, and every legal reply puts a piece between it and the
/// king: the tsume answer ends there when those interpositions are futile (the solver's
/// length check below confirms the count).
fn only_interpositions(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let Some(king) = pos.king(us) else {
        return false;
    };
    let checkers = pos.attackers_of(king, us.flip());
    if checkers.count_ones() != 1 {
        return false;
    }
    let c = Square(checkers.trailing_zeros() as u8);
    let (df, dr) = (
        king.file() as i8 - c.file() as i8,
        king.rank() as i8 - c.rank() as i8,
    );
    let steps = df.abs().max(dr.abs());
    let between: Vec<Square> = (1..steps)
        .filter_map(|i| {
            Square::new(
                (c.file() as i8 + i * df.signum()) as u8,
                (c.rank() as i8 + i * dr.signum()) as u8,
            )
        })
        .collect();
    let replies = legal_moves(pos);
    !replies.is_empty()
        && replies
            .iter()
            .all(|m| m.from() != Some(king) && between.contains(&m.to()))
}

#[test]
fn at_least_twenty_puzzles() {
    assert!(puzzles().len() >= 20);
}

#[test]
fn answers_replay_to_mate_with_checks_throughout() {
    for (name, text) in puzzles() {
        let (p, problems) = puzzle::parse(&text);
        assert!(problems.is_empty(), "{name}: {problems:?}");
        assert_eq!(p.tag("Game"), Some("shogi"), "{name}");
        assert!(
            p.tag("Source").is_some_and(|s| !s.is_empty()),
            "{name}: no source"
        );
        let Some(Stipulation::MateIn(n)) = p.stipulation() else {
            panic!("{name}: no stipulation")
        };
        let position = p.tag("Position").expect("position");
        let record = usi::parse_record(&format!(
            "sfen {position} moves {}",
            p.move_texts().join(" ")
        ))
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let r = replay(&record);
        assert!(r.valid(), "{name}: {:?}", r.problems);
        assert!(
            r.result.reason == "checkmate" || only_interpositions(&r.end),
            "{name}: ends {:?} with replies other than interpositions",
            r.result
        );
        assert_eq!(r.moves.len(), n as usize, "{name}: answer length");
        let mut pos = r.start.clone();
        for (i, &m) in r.moves.iter().enumerate() {
            pos.play(m);
            if i % 2 == 0 {
                assert!(
                    pos.in_check(),
                    "{name}: attacker ply {} gives no check",
                    i + 1
                );
            }
        }
        // Printing is canonical: a second print changes nothing.
        let again = puzzle::print(&puzzle::parse(&puzzle::print(&p)).0);
        assert_eq!(again, puzzle::print(&p), "{name}");
        let _ = sfen::parse_position(position).expect("valid SFEN");
    }
}

#[test]
fn solver_finds_the_stated_length() {
    for (name, text) in puzzles() {
        let (p, _) = puzzle::parse(&text);
        let Some(Stipulation::MateIn(n)) = p.stipulation() else {
            panic!("{name}")
        };
        let pos = sfen::parse_position(p.tag("Position").expect("position")).expect("valid");
        let limits = Limits {
            nodes: Some(5_000_000),
            ..Limits::default()
        };
        let r = solve(&pos, None, &limits);
        assert_eq!(r.result, Outcome::Solved, "{name}");
        let s = &r.solution;
        assert_eq!(s.length.value, Some(n), "{name}: {:?}", s.moves);
    }
}
