//! ばか詰, 協力自玉詰 and 自玉詰 against a brute force written here over the public API
//! alone: every line (help play) or every key (自玉詰) the search of the library finds is
//! the one an exhaustive walk of the legal moves finds, on the puzzles of
//! `puzzles/stipulations/` and a few positions made for the test.

use std::collections::BTreeSet;
use std::path::PathBuf;

use hensoku::shogi::{self, Position};
use hensoku::{Limits, Outcome, Stipulation};

fn mated(p: &Position) -> bool {
    p.in_check() && shogi::legal_moves(p).is_empty()
}

/// Every line of exactly `left` plies from `p`, the side to move at the root (the
/// attacker) checking with each of its moves, that ends with the side then to move mated.
fn help_lines(p: &Position, left: u32, attacker: bool, line: &mut Vec<String>) -> Vec<Vec<String>> {
    if left == 0 {
        return if mated(p) { vec![line.clone()] } else { vec![] };
    }
    let mut out = Vec::new();
    for m in shogi::legal_moves(p) {
        let next = p.after(m);
        if attacker && !next.in_check() {
            continue;
        }
        line.push(m.to_string());
        out.extend(help_lines(&next, left - 1, !attacker, line));
        line.pop();
    }
    out
}

/// The shortest lines of the plies `lengths` allows, and their length.
fn shortest(p: &Position, lengths: impl Iterator<Item = u32>) -> (u32, BTreeSet<Vec<String>>) {
    for n in lengths {
        let lines = help_lines(p, n, true, &mut Vec::new());
        if !lines.is_empty() {
            return (n, lines.into_iter().collect());
        }
    }
    (0, BTreeSet::new())
}

/// The attacker to move forces its own mate within `k` of its checking moves.
fn forces(p: &Position, k: u32) -> bool {
    k > 0
        && shogi::legal_moves(p).into_iter().any(|m| {
            let next = p.after(m);
            next.in_check() && defender_forced(&next, k - 1)
        })
}

/// The defender to move mates now whatever it plays, or is led to it within `k` more
/// attacker moves.
fn defender_forced(p: &Position, k: u32) -> bool {
    let moves = shogi::legal_moves(p);
    !moves.is_empty()
        && moves.into_iter().all(|d| {
            let next = p.after(d);
            mated(&next) || forces(&next, k)
        })
}

/// The keys of the shortest 自玉詰 within `moves` attacker moves, and that length in plies.
fn selfmate_keys(p: &Position, moves: u32) -> (u32, BTreeSet<String>) {
    for k in 1..=moves {
        let keys: BTreeSet<String> = shogi::legal_moves(p)
            .into_iter()
            .filter(|&m| {
                let next = p.after(m);
                next.in_check() && defender_forced(&next, k - 1)
            })
            .map(|m| m.to_string())
            .collect();
        if !keys.is_empty() {
            return (2 * k, keys);
        }
    }
    (0, BTreeSet::new())
}

/// The library's answer: its length in plies, and its lines (help play) or keys.
fn library(p: &Position, stip: &str) -> (u32, BTreeSet<Vec<String>>) {
    let stip: Stipulation = stip.parse().unwrap();
    let a = shogi::solve_stipulation(p, &stip, &Limits::default()).unwrap();
    if a.result != Outcome::Solved {
        return (0, BTreeSet::new());
    }
    let n = a.solution.length.value.unwrap();
    let lines = match &a.help {
        Some(h) => h.solutions.iter().map(|s| s.moves.clone()).collect(),
        None => a.solution.keys.iter().map(|k| vec![k.clone()]).collect(),
    };
    (n, lines)
}

fn check(sfen: &str, stip: &str) {
    let p: Position = sfen.parse().unwrap();
    let n: u32 = stip.rsplit(' ').next().unwrap().parse().unwrap();
    let expected = if stip.starts_with("bakazume") {
        shortest(&p, (1..=n).step_by(2))
    } else if stip.starts_with("kyoryoku") {
        shortest(&p, (2..=n).step_by(2))
    } else {
        let (len, keys) = selfmate_keys(&p, n / 2);
        (len, keys.into_iter().map(|k| vec![k]).collect())
    };
    assert_eq!(library(&p, stip), expected, "{sfen} {stip}");
}

fn puzzles(prefix: &str) -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles/stipulations");
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if !path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with(prefix)
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let tag = |name: &str| {
            let start = text.find(&format!("[{name} \"")).unwrap() + name.len() + 3;
            text[start..].split('"').next().unwrap().to_string()
        };
        out.push((tag("Position"), tag("Stipulation")));
    }
    out.sort();
    out
}

#[test]
fn kyoryoku_jigyokuzume_lists_every_shortest_line_the_brute_force_finds() {
    let set = puzzles("shogi-kyoryoku-");
    assert!(set.len() >= 10, "{}", set.len());
    for (sfen, stip) in set {
        check(&sfen, &stip);
    }
}

#[test]
fn jigyokuzume_keys_are_the_brute_force_keys() {
    let set = puzzles("shogi-jigyoku-");
    assert!(set.len() >= 10, "{}", set.len());
    for (sfen, stip) in set {
        check(&sfen, &stip);
    }
}

#[test]
fn bakazume_agrees_with_the_brute_force_on_short_puzzles() {
    for (sfen, stip) in puzzles("shogi-bakazume-") {
        let n: u32 = stip.rsplit(' ').next().unwrap().parse().unwrap();
        if n <= 5 {
            check(&sfen, &stip);
        }
    }
}

#[test]
fn no_solution_within_the_length_is_no_solution() {
    // a lone king each: nothing mates anybody
    let p = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
    for stip in ["kyoryoku-jigyokuzume 4", "jigyokuzume 4", "bakazume 3"] {
        check(p, stip);
        assert_eq!(library(&p.parse().unwrap(), stip).0, 0);
    }
}
