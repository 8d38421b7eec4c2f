//! Quantum Chamber speed: perft from the start position, and every puzzle of
//! `puzzles/quantum/` solved. `cargo bench --bench quantum_perft`.

use criterion::{Criterion, criterion_group, criterion_main};
use hensoku::quantum::{self, Mode, Position, qgn};
use std::hint::black_box;

fn perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("quantum perft");
    g.sample_size(10);
    let start = Position::startpos();
    g.bench_function("start depth 3", |b| {
        b.iter(|| assert_eq!(quantum::perft(black_box(&start), 3), 172_818))
    });
    g.bench_function("start depth 4", |b| {
        b.iter(|| assert_eq!(quantum::perft(black_box(&start), 4), 9_631_218))
    });
    g.finish();
}

fn puzzles(c: &mut Criterion) {
    let mut g = c.benchmark_group("quantum puzzles");
    g.sample_size(10);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/quantum");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "puzzle"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let rec = qgn::from_puzzle(&hensoku::puzzle::parse(&text).0, &text);
        let start = quantum::validate_with(&rec, Mode::Strict).start;
        let goal = rec.tag("Stipulation").unwrap().value.clone();
        let name = f.file_stem().unwrap().to_string_lossy().to_string();
        g.bench_function(name, |b| {
            b.iter(|| match goal.strip_prefix('w') {
                Some(n) => {
                    assert_eq!(
                        quantum::solve(&start, n.parse().unwrap(), &Default::default())
                            .solution
                            .unique,
                        Some(true)
                    )
                }
                None => assert_eq!(quantum::solve_capture(&start).solution.unique, Some(true)),
            })
        });
    }
    g.finish();
}

criterion_group!(benches, perft, puzzles);
criterion_main!(benches);
