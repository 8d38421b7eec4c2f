//! The directmate solver on the public mate suites (`data/chess/` of the public test data, beside the repository): sunfish `mate1.fen` … `mate4.fen` (mate
//! in exactly N: a solution at N and none shorter) and matetrack's positions with |N| ≤ 3.
//! mate3/mate4 are `#[ignore]`d (run with `cargo test --release -- --ignored`).

use hensoku::chess::{self, Chess, ChessRule, Format, Position, Setup};
use hensoku::{Limits, Outcome, Problem};

/// A FEN read as engines read it: castling rights and en passant squares that cannot be
/// are dropped.
fn parse_position_lenient(text: &str) -> Result<Position, Problem> {
    let setup: Setup = text.parse()?;
    let lenient = [
        ChessRule::BadCastlingRights.into(),
        ChessRule::BadEnPassant.into(),
    ];
    <Chess as hensoku::Setup>::position(&setup, &lenient).map_err(|mut ps| ps.remove(0))
}

fn solve(pos: &Position, n: u32, limits: &Limits) -> hensoku::Answer {
    chess::solve(pos, n, limits)
}

/// The positions of a public suite, or `None` (the skip said) when it is absent.
fn positions(rel: &str) -> Option<Vec<Position>> {
    let text = crate::common::read_public(rel)?;
    Some(
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| parse_position_lenient(l).unwrap())
            .collect(),
    )
}

/// Mate in exactly `n`: a solution of length n, no shorter one (Popeye's "no #n-1").
fn check_exact(rel: &str, n: u32) {
    let Some(positions) = positions(rel) else {
        return;
    };
    for (i, pos) in positions.iter().enumerate() {
        let sol = solve(pos, n, &Limits::default());
        assert_eq!(sol.result, Outcome::Solved, "{rel} line {}", i + 1);
        let shortest = sol.solution.length.value;
        assert_eq!(shortest, Some(n), "{rel} line {}: shorter mate", i + 1);
        if n > 1 {
            let mates = chess::mates_in(pos, n - 1, &Limits::default());
            assert!(!mates.unwrap(), "{rel} line {}", i + 1);
        }
    }
}

#[test]
fn sunfish_mate1() {
    check_exact("chess/thomasahle__sunfish/tests/files/mate1.fen", 1);
}

#[test]
fn sunfish_mate2() {
    check_exact("chess/thomasahle__sunfish/tests/files/mate2.fen", 2);
}

#[test]
#[ignore = "seconds in release: run with --release --ignored"]
fn sunfish_mate3() {
    check_exact("chess/thomasahle__sunfish/tests/files/mate3.fen", 3);
}

#[test]
#[ignore = "minutes: run with --release --ignored"]
fn sunfish_mate4() {
    check_exact("chess/thomasahle__sunfish/tests/files/mate4.fen", 4);
}

/// matetrack `bm #N` (N > 0: the side to move mates in N; N < 0: it is mated in -N),
/// for |N| ≤ 3, checked exactly: the length holds and no shorter one does.
fn matetrack(rel: &str) -> Option<usize> {
    let mut checked = 0;
    for line in crate::common::read_public(rel)?.lines() {
        let read = chess::read_positions(line, Format::Epd).remove(0).unwrap();
        let (setup, ops) = (read.setup, read.ops);
        let Some(bm) = ops
            .iter()
            .find(|(k, _)| k == "bm")
            .and_then(|(_, v)| v.strip_prefix('#'))
        else {
            continue;
        };
        let n: i32 = bm.parse().unwrap();
        if n.abs() > 3 || n == 0 {
            continue;
        }
        let lenient = [
            ChessRule::BadCastlingRights.into(),
            ChessRule::BadEnPassant.into(),
        ];
        let pos = <Chess as hensoku::Setup>::position(&setup, &lenient).unwrap();
        let limits = Limits::default();
        let mates = |n| chess::mates_in(&pos, n, &limits).unwrap();
        let mated = |n| chess::mated_in(&pos, n, &limits).unwrap();
        if n > 0 {
            let n = n as u32;
            assert!(mates(n) && !mates(n - 1), "{line}");
        } else {
            let n = (-n) as u32;
            assert!(mated(n) && !mated(n - 1), "{line}");
        }
        checked += 1;
    }
    Some(checked)
}

#[test]
#[ignore = "a minute in release: run with --release --ignored"]
fn matetrack_up_to_3() {
    for (file, count) in [("matetrack.epd", 44), ("mates2000.epd", 50)] {
        if let Some(checked) = matetrack(&format!("chess/vondele__matetrack/{file}")) {
            assert_eq!(checked, count, "{file}");
        }
    }
}

/// The proof table forgets what it holds when it reaches `limits.memory`: with room for a
/// few dozen entries the first mate-in-3 of the suite is solved the same (key, length,
/// uniqueness), only with more nodes, since forgotten proofs are searched again.
#[test]
fn a_tiny_memory_limit_forgets_proofs_but_keeps_the_answer() {
    let Some(positions) = positions("chess/thomasahle__sunfish/tests/files/mate3.fen") else {
        return;
    };
    let pos = &positions[0];
    let free = solve(pos, 3, &Limits::default());
    let tiny = Limits {
        memory: Some(64 * 32),
        ..Limits::default()
    };
    let bounded = solve(pos, 3, &tiny);
    assert_eq!(bounded.result, Outcome::Solved);
    assert_eq!(bounded.solution.keys, free.solution.keys);
    assert_eq!(bounded.solution.length, free.solution.length);
    assert_eq!(bounded.solution.unique, free.solution.unique);
    assert!(
        bounded.nodes > free.nodes,
        "{} {}",
        bounded.nodes,
        free.nodes
    );
}
