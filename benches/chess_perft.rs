//! Perft of the chess core side by side with shakmaty (a dev-dependency of this benchmark
//! only): the start position to depth 5 and Kiwipete to depth 4, both with bulk counting
//! at the last ply. `cargo bench --bench chess_perft`.

use criterion::{Criterion, criterion_group, criterion_main};
use hensoku::chess::{Position, perft};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn shakmaty_position(fen: &str) -> Chess {
    let f: Fen = fen.parse().expect("fen");
    f.into_position(CastlingMode::Standard).expect("position")
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("chess_perft");
    g.sample_size(10);
    for (name, fen, depth, nodes) in [
        ("startpos_d5", START, 5, 4_865_609u64),
        ("kiwipete_d4", KIWIPETE, 4, 4_085_603),
    ] {
        let ours: Position = fen.parse().expect("fen");
        assert_eq!(perft(&ours, depth), nodes);
        let theirs = shakmaty_position(fen);
        assert_eq!(shakmaty::perft(&theirs, depth), nodes);
        g.bench_function(format!("hensoku_{name}"), |b| {
            b.iter(|| perft(&ours, depth))
        });
        g.bench_function(format!("shakmaty_{name}"), |b| {
            b.iter(|| shakmaty::perft(&theirs, depth))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
