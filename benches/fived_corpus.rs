//! Replaying and validating the 5D corpus, and the verdict (checkmate, stalemate …) on each
//! final position. `cargo bench --bench fived_corpus`; the side-by-side run with 5d-chess-js is
//! `bench/fived_vs_5dchessjs.sh`.

#[allow(dead_code)]
#[path = "../tests/common/public.rs"]
mod public;

use criterion::{Criterion, criterion_group, criterion_main};
use hensoku::fived::pgn;
use hensoku::fived::validate as replay;
use hensoku::fived::{Budget, status};
use std::path::PathBuf;

fn corpus() -> Vec<String> {
    let root: PathBuf = public::public_data("5d")
        .expect("the 5D corpus of the public test data (HENSOKU_TEST_DATA)");
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            let n = p.to_string_lossy().to_lowercase();
            if p.is_dir() {
                stack.push(p);
            } else if n.ends_with(".5dpgn") {
                out.push(std::fs::read_to_string(&p).unwrap_or_default());
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    let mut g = c.benchmark_group("fived corpus");
    g.sample_size(10);
    g.bench_function("replay and validate every .5dpgn", |b| {
        b.iter(|| {
            files
                .iter()
                .filter_map(|t| pgn::parse(t).ok())
                .map(|r| replay(&r, "").actions.len())
                .sum::<usize>()
        })
    });
    let finals: Vec<_> = files
        .iter()
        .filter_map(|t| pgn::parse(t).ok().map(|r| replay(&r, t)))
        .filter_map(|r| r.end)
        .collect();
    g.bench_function("verdict on every final position", |b| {
        b.iter(|| {
            finals.iter().for_each(|m| {
                std::hint::black_box(status(m, Budget::default()));
            })
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
