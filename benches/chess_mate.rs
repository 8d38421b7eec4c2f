//! The directmate solver on the sunfish sets: all 212 mate-in-2 and all 14 mate-in-3
//! positions, each solved in full (every first move tried, so keys, cooks and the
//! uniqueness verdict are exact), plus the proof that no shorter mate exists.
//! `cargo bench --bench chess_mate`.

#[allow(dead_code)]
#[path = "../tests/common/public.rs"]
mod public;

use criterion::{Criterion, criterion_group, criterion_main};
use hensoku::games::chess::Position;
use hensoku::games::chess::notation::fen::parse_position_lenient;
use hensoku::games::chess::solve::{Prover, solve};
use hensoku::solver::Limits;

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
        let sol = solve(pos, n, &Limits::default(), false).solution;
        assert_eq!(sol.length.value, Some(n));
        assert!(
            !Prover::new(Limits::default())
                .mates(pos, n - 1)
                .unwrap_or(true)
        );
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
