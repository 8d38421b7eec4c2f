//! The directmate solver on the sunfish sets: all 212 mate-in-2 and all 14 mate-in-3
//! positions, each solved in full (every first move tried, so keys, cooks and the
//! uniqueness verdict are exact), plus the proof that no shorter mate exists.
//! `cargo bench --bench chess_mate`.

#[allow(dead_code)]
#[path = "../tests/common/public.rs"]
mod public;

use criterion::{Criterion, criterion_group, criterion_main};
use hensoku::Limits;
use hensoku::chess::{self, Chess, ChessRule, Position, Setup};

/// A FEN read as engines read it: castling rights and en passant squares that cannot be
/// are dropped.
fn parse_position_lenient(text: &str) -> Option<Position> {
    let setup: Setup = text.parse().ok()?;
    let lenient = [
        ChessRule::BadCastlingRights.into(),
        ChessRule::BadEnPassant.into(),
    ];
    <Chess as hensoku::Setup>::position(&setup, &lenient).ok()
}

fn positions(name: &str) -> Vec<Position> {
    let text = public::read_public(format!("chess/thomasahle__sunfish/tests/files/{name}"))
        .expect("the sunfish mate files of the public test data (HENSOKU_TEST_DATA)");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| parse_position_lenient(l).expect("fen"))
        .collect()
}

fn solve_all(set: &[Position], n: u32) -> usize {
    let mut sound = 0;
    for pos in set {
        let sol = chess::solve(pos, n, &Limits::default()).solution;
        assert_eq!(sol.length.value, Some(n));
        assert!(!chess::mates_in(pos, n - 1, &Limits::default()).unwrap_or(true));
        sound += usize::from(sol.unique == Some(true));
    }
    sound
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("chess_mate");
    g.sample_size(10);
    let mate2 = positions("mate2.fen");
    let mate3 = positions("mate3.fen");
    g.bench_function("sunfish_mate2_all_212", |b| b.iter(|| solve_all(&mate2, 2)));
    g.bench_function("sunfish_mate3_all_14", |b| b.iter(|| solve_all(&mate3, 3)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
