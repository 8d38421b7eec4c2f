//! The solver against `shogi/compiled/tsume_compiled.tsv` (lengths asserted by public
//! solver test suites), plus unsound-problem, node-limit and determinism checks. The
//! checks of the searcher itself (table size, the relaxed twin) are unit tests beside the
//! solver, in `src/games/shogi/solve/searcher_tests.rs`.
//!
//! Lengths follow the tsume convention (futile interpositions not counted). Three positions
//! of the YaneuraOu mate-N sets (via sugyan/tsumeshogi-solver) state engine lengths, which
//! count every interposition; for any line whose length differs, the test requires that
//! counting all interpositions gives the stated length and that ours is shorter.
//! Run the slow lines with `cargo test --release -- --ignored`.

use crate::solve;
use hensoku::shogi::Position;
use hensoku::shogi::sfen::parse_position;
use hensoku::shogi::{ShogiExtension, SolveConfig, solve_with};
use hensoku::{Answer, Limits, Outcome};

struct Case {
    sfen: String,
    expected: String,
}

fn cases() -> Vec<Case> {
    crate::common::read("shogi/compiled/tsume_compiled.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            Case {
                sfen: cols[0].to_string(),
                expected: cols.get(1).copied().unwrap_or("").to_string(),
            }
        })
        .collect()
}

fn limited(pos: &Position, mate_in: Option<u32>) -> Answer<ShogiExtension> {
    let limits = Limits {
        nodes: Some(20_000_000),
        ..Limits::default()
    };
    solve(pos, mate_in, &limits)
}

fn plain(pos: &Position, mate_in: Option<u32>) -> Answer<ShogiExtension> {
    solve(pos, mate_in, &Limits::default())
}

fn check(case: &Case) {
    let pos = parse_position(&case.sfen).expect("valid SFEN");
    if let Some(n) = case.expected.strip_prefix("nomate<=") {
        let n: u32 = n.parse().expect("a number");
        let r = limited(&pos, Some(n));
        assert_eq!(
            r.result,
            Outcome::NoSolution,
            "{} (no mate within {n})",
            case.sfen
        );
        return;
    }
    if case.expected == "nomate" {
        assert_eq!(
            limited(&pos, None).result,
            Outcome::NoSolution,
            "{}",
            case.sfen
        );
        return;
    }
    let n: u32 = case.expected.parse().expect("a length");
    let r = limited(&pos, None);
    assert_eq!(r.result, Outcome::Solved, "{}", case.sfen);
    let plies = r.solution.length.value;
    assert!(r.solution.length.exact, "{}: exact", case.sfen);
    assert_eq!(plies.map(|p| p % 2), Some(1), "{}: odd length", case.sfen);
    assert_eq!(
        r.solution.moves.len() as u32,
        plies.expect("exact"),
        "{}: line length",
        case.sfen
    );
    if plies != Some(n) {
        let counted = SolveConfig {
            count_futile: true,
            tree_budget: 0,
        };
        let limits = Limits {
            nodes: Some(20_000_000),
            ..Limits::default()
        };
        let all = solve_with(&pos, None, &limits, &counted)
            .solution
            .length
            .value;
        assert_eq!(
            all,
            Some(n),
            "{}: stated {n}, found {plies:?} ({:?})",
            case.sfen,
            r.solution.moves
        );
        assert!(plies < all, "{}", case.sfen);
    }
}

fn run(filter: impl Fn(&Case) -> bool) -> usize {
    let picked: Vec<Case> = cases().into_iter().filter(|c| filter(c)).collect();
    for c in &picked {
        check(c);
    }
    picked.len()
}

fn length(c: &Case) -> Option<u32> {
    c.expected.parse().ok()
}

#[test]
fn compiled_short_problems_and_no_mates() {
    let n = run(|c| length(c).is_some_and(|n| n <= 5) || c.expected.starts_with("nomate"));
    assert!(n >= 80, "{n} cases");
}

#[test]
#[ignore = "seconds in release; run with --ignored"]
fn compiled_mates_in_seven_and_nine() {
    let n = run(|c| length(c).is_some_and(|n| (7..=9).contains(&n)));
    assert_eq!(n, 22);
}

#[test]
fn published_mate_in_three_is_really_five() {
    // tsumemi sample 3te/9 (Marken Foo, GPL-3.0), transcribed from its KIF diagram. The
    // published answer G*3c 3b3c 3a2b+ misses 3b3a (the king takes the bishop).
    let pos = parse_position("6B2/5pk1b/7P1/5R3/9/9/9/9/9 b Gr3g4s4n4l16p 1").unwrap();
    let r = plain(&pos, None);
    assert_eq!(r.result, Outcome::Solved);
    assert_eq!(r.solution.length.value, Some(5));
    assert_eq!(plain(&pos, Some(3)).result, Outcome::NoSolution);
    // the published key still mates in five: a second key, a cook
    let s = &r.solution;
    assert!(
        s.cooks.iter().any(|c| c.ply == 0 && c.mv == "G*3c"),
        "{s:?}"
    );
    assert!(s.keys.contains(&"G*3c".to_string()), "{:?}", s.keys);
    assert_eq!(s.unique, Some(false));
}

#[test]
fn node_limit_gives_unknown_with_stats() {
    // Shogi Zuko No. 7 (hard_classics.tsv): far beyond 2000 nodes
    let pos = parse_position("1nkg5/2s6/3rp4/1B7/r8/1P7/9/9/9 b BG3SN2g2n4l16p 1").unwrap();
    let limits = Limits {
        nodes: Some(2000),
        ..Limits::default()
    };
    let r = solve(&pos, None, &limits);
    assert_eq!(r.result, Outcome::Unknown);
    assert_eq!(r.stopped_by, Some(hensoku::Limit::Nodes));
    assert!(r.extension.stats.aborted);
    assert!((2000..2100).contains(&r.nodes), "{}", r.nodes);
    assert!(r.solution.moves.is_empty() && r.solution.length.value.is_none());
    assert!(r.solution.keys.is_empty());
}

#[test]
fn solution_tree_lists_every_defence() {
    let pos = parse_position("9/4k4/9/4S4/9/9/9/9/9 b GS2r2b3g2s4n4l18p 1").unwrap();
    let r = plain(&pos, None);
    let tree = r.solution.tree.first().expect("a tree");
    assert_eq!(tree.mv, "S*5c");
    assert_eq!(tree.defences[0].mv, "5b4a");
    let text = r.text();
    assert!(
        text.contains("solution tree:\n1. S*5c\n  - 5b4a (1 to mate)\n    3. G*4b mate\n"),
        "{text}"
    );
    // every legal reply is listed
    use hensoku::shogi::legal_moves;
    let after = pos.after(hensoku::shogi::usi::parse_move("S*5c").unwrap());
    assert_eq!(tree.defences.len(), legal_moves(&after).len());
}

/// Every answer on the compiled set (result, length, main line, unique flag, cooks) is the
/// one recorded in `tests/fixtures/shogi/tsume_compiled_answers.tsv`: speed-ups of the
/// search must not change what it says. About 0.1 s in release.
#[test]
fn compiled_answers_are_unchanged() {
    let text = std::fs::read_to_string("tests/fixtures/shogi/tsume_compiled_answers.tsv")
        .expect("fixture");
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let [sfen, expected, result, plies, moves, unique, cooks] = cols[..] else {
            panic!("seven columns: {line}")
        };
        let pos = parse_position(sfen).expect("valid SFEN");
        let mate_in = expected
            .strip_prefix("nomate<=")
            .map(|n| n.parse().expect("a number"));
        let r = limited(&pos, mate_in);
        // the fixture's words: mate, nomate, unknown
        let word = match r.result {
            Outcome::Solved => "mate",
            Outcome::NoSolution => "nomate",
            Outcome::Unknown => "unknown",
        };
        assert_eq!(word, result, "{sfen}");
        let s = &r.solution;
        let exact = s.length.value.filter(|_| s.length.exact);
        assert_eq!(
            exact.map_or("-".to_string(), |p| p.to_string()),
            plies,
            "{sfen}"
        );
        assert_eq!(s.moves.join(" "), moves, "{sfen}");
        assert_eq!(s.unique.unwrap_or(false).to_string(), unique, "{sfen}");
        // the fixture's cooks: every second mating move, cooks (ply 0) and duals alike
        let got: Vec<String> = s
            .cooks
            .iter()
            .chain(&s.duals)
            .map(|c| format!("{}:{}", c.ply, c.mv))
            .collect();
        assert_eq!(got.join(","), cooks, "{sfen}");
        n += 1;
    }
    assert_eq!(n, 105);
}
