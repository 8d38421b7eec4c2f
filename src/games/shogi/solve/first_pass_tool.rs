//! A lab tool over the searcher, which the library does not show: an ignored unit test
//! (it was `examples/tsume_first_pass`), run by hand.
//!
//! The unbounded first pass of the tsume solver alone, on one position: is it a mate at
//! all, how many nodes and how long did the proof take, how long is the proof found. The
//! tool behind the node counts in the README and the issue notes; it skips the exact
//! passes, the line and the report that `hensoku solve` adds.
//!
//! ```text
//! TSUME_FIRST_PASS='SFEN [USI-MOVE…] [--time SECONDS] [--table-bits N] [--path-cap PLIES]' \
//!     cargo test --release --lib first_pass_tool -- --ignored --nocapture
//! ```
//!
//! The SFEN is the variable's first four words.
//!
//! Moves after the SFEN are played first (each must be legal), so that a position deep in
//! a published solution can be measured without converting it; after an odd number of
//! them the defender is to move, and the question is whether it is mated (the proof's
//! length is then not read: `proof_plies` is null). Defaults: 60 s, 2^23 table entries
//! (the size the notes' figures use); a bad SFEN or an illegal move fails the test.
//!
//! With a proof, `proof_positions` counts the distinct positions of the proof kept in the
//! table (the attacker's first proven check at each of its nodes, every defence at the
//! defender's), and `proof_unread` the places where the walk stops because the table has
//! dropped the proof below (what lies under them is not counted). Set beside `nodes`, it
//! shows how much of the search went into the proof and how much into everything the
//! search tried besides.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crate::games::shogi::notation::usi;
use crate::games::shogi::position::Position;
use crate::games::shogi::validate;
use crate::solver::dfpn::UNBOUNDED;
use crate::solver::{Limits, MateSearch, Searcher, Verdict};

struct Args {
    sfen: String,
    moves: Vec<String>,
    seconds: u64,
    table_bits: u32,
    /// The longest path the search may take below the root (plies; 2048 as the CLI's).
    /// A cap of 50 or 70 on Zuko 8 after 12 plies changed nothing much (5.73 M and 5.51 M
    /// nodes against 5.51 M): the first pass is broad there, not deep.
    path_cap: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        sfen: String::new(),
        moves: Vec::new(),
        seconds: 60,
        table_bits: 23,
        path_cap: 2048,
    };
    let line = std::env::var("TSUME_FIRST_PASS").map_err(|_| "set TSUME_FIRST_PASS")?;
    let words: Vec<String> = line.split_whitespace().map(String::from).collect();
    let mut it = words.iter().skip(4).cloned();
    args.sfen = words.iter().take(4).cloned().collect::<Vec<_>>().join(" ");
    while let Some(a) = it.next() {
        match a.as_str() {
            "--time" => {
                args.seconds = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or("--time needs seconds")?
            }
            "--path-cap" => {
                args.path_cap = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or("--path-cap needs plies")?
            }
            "--table-bits" => {
                args.table_bits = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or("--table-bits needs a number")?
            }
            _ => args.moves.push(a),
        }
    }
    if args.sfen.is_empty() {
        return Err("TSUME_FIRST_PASS='SFEN [USI-MOVE…] [--time SECONDS] [--table-bits N] [--path-cap PLIES]'".into());
    }
    Ok(args)
}

/// The position after `moves`, read and replayed as a USI record with the full rules (the
/// validator's `replay`, so an illegal move is reported as `hensoku validate` would).
fn play(sfen: &str, moves: &[String]) -> Result<Position, String> {
    let record = usi::parse_record(&format!("sfen {sfen} moves {}", moves.join(" ")))
        .map_err(|e| e.message)?;
    let replay = validate::replay(&record);
    match replay.problems.first() {
        Some(problem) => Err(problem.message.clone()),
        None => Ok(replay.end),
    }
}

#[test]
#[ignore = "a lab tool: set TSUME_FIRST_PASS and run with --release -- --ignored --nocapture"]
fn first_pass_tool() {
    let args = parse_args().unwrap_or_else(|e| panic!("{e}"));
    let pos = play(&args.sfen, &args.moves).unwrap_or_else(|e| panic!("{e}"));
    let attacker_to_move = args.moves.len().is_multiple_of(2);
    // Long proofs recurse deep: the search runs on a thread with a large stack, as the CLI's does.
    let run = move || {
        let limits = Limits {
            time: Some(Duration::from_secs(args.seconds)),
            ..Limits::default()
        };
        let mut searcher =
            Searcher::<Position>::new(1 << args.table_bits, limits).with_path_cap(args.path_cap);
        let start = Instant::now();
        let verdict = if attacker_to_move {
            searcher.prove(&pos, UNBOUNDED)
        } else {
            searcher.prove_defended(&pos, UNBOUNDED)
        };
        let stats = searcher.stats();
        let proof = if attacker_to_move {
            searcher.proof_length(&pos, UNBOUNDED)
        } else {
            None
        };
        let mut walk = ProofWalk::default();
        if attacker_to_move && verdict == Verdict::Proven {
            walk.visit(&searcher, &pos, true);
        }
        println!(
            "{}",
            serde_json::json!({
                "verdict": format!("{verdict:?}"), "nodes": stats.nodes,
                "seconds": (start.elapsed().as_secs_f64() * 10.0).round() / 10.0, "proof_plies": proof,
                "proof_positions": walk.seen.len(), "proof_unread": walk.unread,
                "repetitions": stats.repetitions, "tt_stores": stats.tt_stores, "tt_replaced": stats.tt_replaced,
            })
        );
    };
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(run)
        .expect("a search thread")
        .join()
        .expect("the search");
}

/// The proof kept in the table, walked from the root (see the module docs).
#[derive(Default)]
struct ProofWalk {
    seen: HashSet<u64>,
    unread: u64,
}

impl ProofWalk {
    fn visit(&mut self, s: &Searcher<Position>, pos: &Position, attacker: bool) {
        if !self.seen.insert(pos.node_key(attacker).whole()) {
            return;
        }
        if attacker {
            // The table proves the node, so one check leads to a proven defender node.
            match pos
                .attacker_moves()
                .into_iter()
                .find(|&m| s.table_proves(pos.node_key_after(m, true), false))
            {
                Some(m) => self.visit(s, &pos.after(m), false),
                None => self.unread += 1,
            }
            return;
        }
        for m in pos.defender_moves() {
            if s.table_proves(pos.node_key_after(m, false), true) {
                self.visit(s, &pos.after(m), true);
            } else {
                self.unread += 1;
            }
        }
    }
}
