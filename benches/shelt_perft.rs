//! Shelt speed: perft(5) from the initial position (bulk counting at the leaves) and the
//! solving of every puzzle in `puzzles/shelt/`. `cargo bench --bench shelt_perft`.

use criterion::{Criterion, criterion_group, criterion_main};
use hensoku::Outcome;
use hensoku::shelt::{self, MateIn, Position, perft};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("shelt");
    g.sample_size(10);
    let start = Position::startpos();
    g.bench_function("perft 4 initial", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 4), 847_060))
    });
    g.bench_function("perft 5 initial", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 5), 27_284_132))
    });
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/shelt");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in files {
        let rec = shelt::read(&std::fs::read_to_string(&f).unwrap())
            .unwrap()
            .remove(0);
        let pos = shelt::validate(&rec).start;
        let stip = MateIn::parse(rec.header("Stipulation").unwrap()).unwrap();
        let name = f.file_stem().unwrap().to_string_lossy().to_string();
        // the solver the CLI uses (generic df-pn plus the exact answer and the solution tree)
        g.bench_function(format!("solve {name}"), |b| {
            b.iter(|| {
                let r = shelt::solve_mate_in(black_box(&pos), stip, &Default::default());
                assert!(r.result == Outcome::Solved && r.solution.unique == Some(true));
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
