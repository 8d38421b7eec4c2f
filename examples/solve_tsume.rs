//! Library use: solve a tsume given as SFEN within limits, and print the answer in the
//! shared model's words (result, key, main line, length, nodes).
//!
//! ```text
//! cargo run --release --example solve_tsume -- "4k4/9/4P4/9/9/9/9/9/4K4 b G 1" 1
//! cargo run --release --example solve_tsume -- SFEN PLIES [MAX-NODES]
//! ```
//!
//! It uses only the public face (`hensoku::shogi`, `hensoku::Limits`, `hensoku::Outcome`).

use std::process::ExitCode;

use hensoku::shogi::{self, Position};
use hensoku::{Limits, Outcome};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(sfen), Some(plies)) = (args.first(), args.get(1)) else {
        eprintln!("usage: solve_tsume SFEN PLIES [MAX-NODES]");
        return ExitCode::from(2);
    };
    let pos: Position = match sfen.parse() {
        Ok(pos) => pos,
        Err(problem) => {
            eprintln!(
                "not a position: {} ({})",
                problem.message,
                problem.rule.name()
            );
            return ExitCode::from(2);
        }
    };
    let Ok(plies) = plies.parse::<u32>() else {
        eprintln!("PLIES is a number of plies, odd for a tsume");
        return ExitCode::from(2);
    };
    let limits = Limits {
        nodes: args.get(2).and_then(|n| n.parse().ok()),
        ..Limits::default()
    };
    let answer = shogi::solve(&pos, plies, &limits);
    match answer.result {
        Outcome::Solved => {
            let line = answer.solution.moves.join(" ");
            let length = answer.solution.moves.len();
            println!("mate in {length}: key {}", answer.solution.keys.join(", "));
            println!("main line: {line}");
        }
        Outcome::NoSolution => println!("no mate in {plies}"),
        Outcome::Unknown => println!("unknown: stopped by {:?}", answer.stopped_by),
    }
    println!("{} nodes, {} ms", answer.nodes, answer.elapsed_ms);
    ExitCode::from(if answer.result == Outcome::Solved {
        0
    } else {
        1
    })
}
