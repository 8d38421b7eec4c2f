//! The hard classics of `shogi/compiled/hard_classics.tsv`: the targets (each
//! solved exactly within a minute in release) behind `--ignored`. The checks that drive the
//! searcher itself (Zuko 8's futile far interpositions, the line read from its proof) are
//! unit tests beside the solver, in `src/games/shogi/solve/searcher_tests.rs`.
//! Run them with `cargo test --release --test shogi tsume_classics:: -- --ignored`.

use std::time::Duration;

use crate::solve;
use hensoku::shogi::Position;
use hensoku::shogi::ShogiExtension;
use hensoku::shogi::sfen::parse_position;
use hensoku::shogi::usi;
use hensoku::shogi::validate as replay;
use hensoku::{Answer, Limits, Outcome};

/// The SFEN of the row of `hard_classics.tsv` whose label contains `label`.
fn classic_sfen(label: &str) -> String {
    let text = crate::common::read("shogi/compiled/hard_classics.tsv");
    let line = text
        .lines()
        .find(|l| !l.starts_with('#') && l.contains(label))
        .unwrap_or_else(|| panic!("no row {label}"));
    line.split('\t').next().expect("an SFEN").to_string()
}

/// The position of that row.
fn classic(label: &str) -> Position {
    parse_position(&classic_sfen(label)).expect("valid SFEN")
}

fn within(seconds: u64) -> Limits {
    Limits {
        time: Some(Duration::from_secs(seconds)),
        ..Limits::default()
    }
}

fn solve_within_a_minute(label: &str) -> Answer<ShogiExtension> {
    let r = solve(&classic(label), None, &within(60));
    assert_eq!(r.result, Outcome::Solved, "{label}: {r:?}");
    assert!(
        r.solution.length.exact,
        "{label}: the exact pass did not settle ({} nodes, {} ms)",
        r.nodes, r.elapsed_ms
    );
    r
}

#[test]
#[ignore = "the issue's target, not met yet: a minute in release; run with --ignored"]
fn zuko8_is_mate_in_41() {
    let r = solve_within_a_minute("図巧8番");
    assert_eq!(r.solution.length.value, Some(41));
}

#[test]
#[ignore = "the issue's target, not met yet: a minute in release; run with --ignored"]
fn zuko100_is_mate_in_611() {
    let r = solve_within_a_minute("図巧100番");
    assert_eq!(r.solution.length.value, Some(611));
}

/// Zuko 100's exact pass goes down from the first proof's 611 plies: it shows that no mate
/// within 609 exists (42.7 M nodes in all for the answer with its cooks, one run; the
/// going-up pass had reached "none within 177" at 20 M). Past the node limit, the answer
/// is either exact or unknown with `at_least` 611 (the line then needs no shorter mate).
#[test]
#[ignore = "several minutes in release; run with --release -- --ignored"]
fn zuko100_exact_pass_shows_no_mate_shorter_than_611() {
    let limits = Limits {
        nodes: Some(60_000_000),
        ..within(3600)
    };
    let r = solve(&classic("図巧100番"), None, &limits);
    let length = &r.solution.length;
    assert!(
        length.value == Some(611) || length.at_least == Some(611),
        "{length:?}, {} nodes",
        r.nodes
    );
}

/// The drops of Zuko 100's published solution, in order, and its ending (from the
/// CC0 transcription tokoroten/edo_era_tsume_shogi `zukou-100`, 611 plies, which has our
/// SFEN exactly). They pin the line down: which piece the attacker drops on each of the
/// king's rounds, and how the last round ends.
const ZUKO100_DROPS: &str = "S*1i P*9g N*3g P*9g N*3g P*9g N*3g P*9g N*3g P*9g S*3g N*7g S*9g N*3g P*9g S*3g N*7g S*9g \
     N*3g P*9g S*3g N*7g S*9g N*3g P*9g S*3g N*7g S*9g N*8f N*9d N*8d N*9c P*5b R*5a N*3g N*2d N*1e P*1i";
const ZUKO100_END: &str = "4f3g 2g1h P*1i 1h1i 1g2h 1i1h 3g1g 1h2i 1g1i 2i3h 1i3i";

/// Zuko 100 (611 plies): the first pass proves the mate in about 15 s; the exact pass cannot
/// show within the limit that no mate within 609 exists, so the answer is unknown (stopped)
/// with the line read from the proof's lengths, not marked exact and named no key. That line is legal, ends in mate, and is the
/// published solution's length, drops and ending.
#[test]
#[ignore = "about 40 s in release; run with --release -- --ignored"]
fn zuko100_line_from_the_proof_is_the_published_611() {
    let sfen = classic_sfen("図巧100番");
    let r = solve(&classic("図巧100番"), None, &within(40));
    assert_eq!(r.result, Outcome::Unknown, "{r:?}");
    assert!(!r.solution.length.exact);
    assert_eq!(r.stopped_by, Some(hensoku::Limit::Time));
    assert!(r.solution.keys.is_empty());
    let moves = &r.solution.moves;
    assert_eq!(moves.len(), 611);
    let drops: Vec<&str> = moves
        .iter()
        .map(String::as_str)
        .filter(|m| m.contains('*'))
        .collect();
    assert_eq!(
        drops.join(" "),
        ZUKO100_DROPS
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    );
    assert!(moves.join(" ").ends_with(ZUKO100_END));
    let played = replay(
        &usi::parse_record(&format!("position sfen {sfen} moves {}", moves.join(" ")))
            .expect("a USI record"),
    );
    assert!(played.problems.is_empty(), "{:?}", played.problems);
    assert_eq!(played.result.reason, "checkmate");
}

/// The 11-ply record of Musou 1 is refuted at its ninth ply (N*4e, 3c4c); no mate within 15
/// plies exists (the bounded searches disprove 11, 13 and 15), so its length is more.
#[test]
#[ignore = "the issue's target, not met yet: a minute in release; run with --ignored"]
fn musou1_is_solved_exactly() {
    let r = solve_within_a_minute("無双1番");
    let plies = r.solution.length.value;
    assert!(plies.is_some_and(|p| p >= 17), "{plies:?}");
}
