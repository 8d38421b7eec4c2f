//! A lab tool more than an example of the library (`validate_record` and `solve_tsume`
//! show its face best): it uses the public `shogi::solve_with` and its configuration.
//!
//! Solve every SFEN of a TSV file (`SFEN <TAB> expected …`, `#` comments) and print one JSON
//! line per position. Used by `bench/tsume_vs_cshogi.py`.
//!
//! `cargo run --release --example tsume_bench -- FILE|- [--max-time-ms N] [--max-nodes N] [--mate-in-expected] [--count-futile] [--tree]`
//!
//! `--mate-in-expected` passes the file's `nomate<=N` bound as `mate_in`; `--count-futile`
//! counts futile interpositions (engines' mate-in-N); `--tree` also builds solution trees.

use std::time::{Duration, Instant};

use hensoku::Limits;
use hensoku::shogi::sfen::parse_position;
use hensoku::shogi::{SolveConfig, solve_with};

fn flag(args: &[String], name: &str) -> Option<u64> {
    let i = args.iter().position(|a| a == name)?;
    args.get(i + 1).and_then(|v| v.parse().ok())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: tsume_bench FILE [--max-time-ms N] [--max-nodes N] [--mate-in-expected]");
        std::process::exit(2);
    };
    let text = if file == "-" {
        std::io::read_to_string(std::io::stdin()).expect("readable standard input")
    } else {
        std::fs::read_to_string(file).expect("readable file")
    };
    let bounded = args.iter().any(|a| a == "--mate-in-expected");
    let config = SolveConfig {
        count_futile: args.iter().any(|a| a == "--count-futile"),
        tree_budget: if args.iter().any(|a| a == "--tree") {
            24
        } else {
            0
        },
    };
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let (sfen, expected) = (cols[0], cols.get(1).copied().unwrap_or(""));
        let pos = match parse_position(sfen) {
            Ok(p) => p,
            Err(e) => {
                println!("{}", serde_json::json!({"sfen": sfen, "error": e.message}));
                continue;
            }
        };
        let mate_in = expected
            .strip_prefix("nomate<=")
            .and_then(|n| n.parse().ok())
            .filter(|_| bounded);
        let limits = Limits {
            nodes: flag(&args, "--max-nodes"),
            time: flag(&args, "--max-time-ms").map(Duration::from_millis),
            memory: None,
        };
        let t = Instant::now();
        let r = solve_with(&pos, mate_in, &limits, &config);
        let us = t.elapsed().as_micros() as u64;
        let s = &r.solution;
        println!(
            "{}",
            serde_json::json!({
                "sfen": sfen, "expected": expected, "result": r.result, "length": s.length,
                "moves": s.moves, "unique": s.unique, "cooks": s.cooks, "duals": s.duals,
                "nodes": r.nodes, "elapsed_ms": r.elapsed_ms, "elapsed_us": us,
                "stats": r.extension.stats,
            })
        );
    }
}
