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
    counts_prefix(name, usize::MAX)
}

/// The counts of the first `limit` nodal states of a file (`None` if it does not replay).
fn counts_prefix(name: &str, limit: usize) -> Option<Vec<usize>> {
    let text = common::read(&format!("5d/penteract__cwmtt/tests/{name}"));
    let rec = pgn::parse(&text).ok()?;
    let r = replay(&rec, &text);
    if !r.problems.is_empty() {
        return None;
    }
    let states = r.nodal_states();
    let mut out = Vec::new();
    for s in states.iter().take(limit) {
        let t = std::time::Instant::now();
        let n = count_actions(s, 1000, Budget { nodes: 2_000_000 }).unwrap_or(usize::MAX);
        if t.elapsed().as_millis() > 200 {
            eprintln!("  slow state {} ({} timelines): {:?} -> {n}", out.len(), s.timelines.len(), t.elapsed());
        }
        out.push(n);
    }
    Some(out)
}

fn want(name: &str) -> Vec<usize> {
    expected().into_iter().find(|(n, _)| n == name).map(|(_, c)| c).expect("listed in Correctness.txt")
}

/// Files whose every state is counted within a second or so.
#[test]
fn fast_files_match_exactly() {
    for name in ["5dpgn/another.5dpgn", "5dpgn/chessin5d-illegal-move-example.5dpgn", "5dpgn/small.5dpgn", "5dpgn/standard.5dpgn"] {
        assert_eq!(counts_of(name).expect("replays"), want(name), "{name}");
    }
}

/// The first states of the long games (one or two timelines, many pieces).
#[test]
fn long_games_openings_match() {
    for name in ["5dpgn/niceAndrey.5dpgn", "5dpgn/NP.5dpgn", "5dpgn/tesseractMageOChicken.5dpgn", "5dpgn/exiledKings.5dpgn"] {
        let got = counts_prefix(name, 15).expect("replays");
        assert_eq!(got[..], want(name)[..15], "{name}");
    }
}

/// Every replayable file, every state (minutes; run with --release --ignored).
#[test]
#[ignore]
fn correctness_dump() {
    let only = std::env::var("FIVED_ONLY").unwrap_or_default();
    for (name, want) in expected().into_iter().filter(|(n, _)| n.contains(&only)) {
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

/// Any-order search: every sequence of moves (each from a board playable at that moment),
/// pruned only when a royal piece is already capturable. Slow, but free of the ordering
/// argument of the library's search; used to cross-check it.
fn brute(mv: &mut hensoku::games::fived::Multiverse, p: hensoku::games::fived::Colour, stack: &mut Vec<hensoku::games::fived::Move>, found: &mut usize, limit: usize) {
    if *found >= limit {
        return;
    }
    if !stack.is_empty() && mv.can_submit(p) {
        *found += 1;
    }
    for m in mv.single_moves(p) {
        let Some(a) = mv.apply(&m) else { continue };
        if !mv.royal_capturable(p.other()) {
            stack.push(m);
            brute(mv, p, stack, found, limit);
            stack.pop();
        }
        mv.undo(&a);
    }
}

#[test]
#[ignore]
fn np_final_state_cross_check() {
    let text = common::read("5d/penteract__cwmtt/tests/5dpgn/NP.5dpgn");
    let rec = pgn::parse(&text).unwrap();
    let r = replay(&rec, &text);
    let mut last = r.nodal_states().pop().unwrap();
    let lib = count_actions(&last, 1000, Budget { nodes: 50_000_000 });
    assert_eq!(lib, Some(8), "cwmtt counts 8 actions at NP's final state");
    let p = last.to_move();
    let mut found = 0;
    brute(&mut last, p, &mut vec![], &mut found, 20);
    println!("playable {:?} present {} low {} high {}", last.playable(p), last.present(), last.low, last.high());
    println!("any-order sequences that can be submitted: {found}");
    assert_eq!(found, 8);
}
