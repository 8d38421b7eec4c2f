//! cwmtt's Correctness.txt: the number of legal actions (capped at 1000) at every nodal state
//! of every cwmtt test game.

mod common;

use hensoku::games::fived::action::{Budget, count_actions};
use hensoku::games::fived::notation::pgn;
use hensoku::games::fived::validate::replay;

/// (file, counts) from Correctness.txt.
fn expected() -> Vec<(String, Vec<usize>)> {
    let text = common::read("5d/penteract__cwmtt/tests/results/Correctness.txt");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for w in lines.windows(2) {
        if let Some(name) = w[0].strip_prefix("tests/") {
            let counts = w[1].split_whitespace().map(|n| n.parse().unwrap()).collect();
            out.push((name.to_string(), counts));
        }
    }
    out
}

fn counts_of(name: &str) -> Option<Vec<usize>> {
    let text = common::read(&format!("5d/penteract__cwmtt/tests/{name}"));
    let rec = pgn::parse(&text).ok()?;
    let r = replay(&rec, &text);
    if !r.problems.is_empty() {
        return None;
    }
    let states = r.nodal_states();
    let mut out = Vec::new();
    for s in &states {
        let t = std::time::Instant::now();
        let n = count_actions(s, 1000, Budget { nodes: 2_000_000 }).unwrap_or(usize::MAX);
        if t.elapsed().as_millis() > 200 {
            eprintln!("  slow state {} ({} timelines): {:?} -> {n}", out.len(), s.timelines.len(), t.elapsed());
        }
        out.push(n);
    }
    Some(out)
}

#[test]
#[ignore]
fn correctness_dump() {
    for (name, want) in expected() {
        let t = std::time::Instant::now();
        match counts_of(&name) {
            None => println!("{name}: not replayable"),
            Some(got) => {
                let ok = got == want;
                println!("{name}: {} {:?}", if ok { "MATCH" } else { "DIFF" }, t.elapsed());
                if !ok {
                    println!("  want {want:?}\n  got  {got:?}");
                }
            }
        }
    }
}
