//! Perft counts of standard shogi.
//!
//! Source: `perft_expectations.json` in `tests/data/shogi/rsshogi@1.7.3/` (crates.io
//! package rsshogi 1.7.3, MIT; re-verified with cshogi). Counts above ~10 M nodes are `#[ignore]`d;
//! run them with `cargo test --release -- --ignored`.

use hensoku::shogi::perft;
use hensoku::shogi::sfen::parse_position;
use serde_json::Value;

fn cases() -> Vec<(String, String, u32, u64)> {
    let json: Value = serde_json::from_str(&crate::common::read(
        "shogi/rsshogi@1.7.3/tests/test_data/perft_expectations.json",
    ))
    .unwrap();
    let mut out = Vec::new();
    for (name, v) in json.as_object().unwrap() {
        let sfen = v["sfen"].as_str().unwrap().to_string();
        for (d, n) in v["depths"].as_object().unwrap() {
            out.push((
                name.clone(),
                sfen.clone(),
                d.parse().unwrap(),
                n.as_u64().unwrap(),
            ));
        }
    }
    out
}

fn run(max_nodes: u64, min_nodes: u64) {
    let mut checked = 0;
    for (name, sfen, depth, nodes) in cases() {
        if nodes > max_nodes || nodes < min_nodes {
            continue;
        }
        let pos = parse_position(&sfen).unwrap();
        assert_eq!(perft(&pos, depth), nodes, "{name} depth {depth}");
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn rsshogi_suite_fast_cases() {
    run(10_000_000, 0);
}

#[test]
#[ignore = "hundreds of millions of nodes: run with --release --ignored"]
fn rsshogi_suite_deep_cases() {
    run(u64::MAX, 10_000_001);
}

#[test]
fn startpos_depths_1_to_4() {
    let pos = hensoku::shogi::Position::startpos();
    let expected = [30, 900, 25_470, 719_731];
    for (d, n) in expected.iter().enumerate() {
        assert_eq!(perft(&pos, d as u32 + 1), *n);
    }
}
