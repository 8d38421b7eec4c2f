//! Card-shogi move generation speed: perft from the start with all twelve cards each, and
//! with no cards (which must equal standard shogi's counts). `cargo bench --bench cards_perft`.

use criterion::{Criterion, criterion_group, criterion_main};
use hensoku::shogi_cards::Position as CardPosition;
use hensoku::shogi_cards::perft;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("card shogi perft");
    g.sample_size(10);
    let start = CardPosition::startpos();
    let expected_3 = perft(&start, 3);
    g.bench_function("startpos all cards depth 3", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 3), expected_3))
    });
    let bare = CardPosition::startpos().with_cards(Default::default(), Default::default());
    g.bench_function("startpos no cards depth 4", |b| {
        b.iter(|| assert_eq!(perft(black_box(&bare), 4), 719_731))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
