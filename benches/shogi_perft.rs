//! Move generation speed: perft from the start position and from the rsshogi midgame set.
//! `cargo bench --bench shogi_perft`. The side-by-side comparison with cshogi is
//! `python3 bench/perft_vs_cshogi.py` (see the README).

use criterion::{Criterion, criterion_group, criterion_main};
use hensoku::shogi::sfen::parse_position;
use hensoku::shogi::{Position, perft};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("shogi perft");
    g.sample_size(10);
    let start = Position::startpos();
    g.bench_function("startpos depth 4", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 4), 719_731))
    });
    g.bench_function("startpos depth 5", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 5), 19_861_490))
    });
    let mid = parse_position(
        "6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
    )
    .unwrap();
    g.bench_function("bench_midgame2 depth 3", |b| {
        b.iter(|| assert_eq!(perft(black_box(&mid), 3), 8_420_492))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
