//! The hard classics of `shogi/compiled/hard_classics.tsv`: a fast check on a suffix of
//! Zuko 8 where the futility rule decides the length, and the targets (each solved
//! exactly within a minute in release) behind `--ignored`.
//! Run them with `cargo test --release --test shogi tsume_classics:: -- --ignored`.

use std::time::Duration;

use hensoku::games::shogi::Position;
use hensoku::games::shogi::notation::sfen::parse_position;
use hensoku::games::shogi::notation::usi::{self, parse_move};
use hensoku::games::shogi::solve::{ShogiExtension, solve};
use hensoku::games::shogi::validate::replay;
use hensoku::solver::dfpn::UNBOUNDED;
use hensoku::solver::{Answer, Limits, Outcome, Searcher, Verdict};

/// Zuko 8 after the published 22 plies (P*4c … B*7g 8g7g): the attacker plays 9i9b+ and the
/// defender's real defence is the bishop interposed next to the king (B*3b); mate in 19.
const ZUKO8_PLY22: &str = "5n1g1/7kl/2l2+P3/3+l2p1P/8N/5L3/2+r6/9/R8 b 2b3g4s2n15p 23";

fn searcher() -> Searcher<Position> {
    Searcher::new(1 << 20, Limits::default())
}

/// A knight or pawn dropped far from the king (8b) is taken by the dragon, and the defender
/// then interposes B*3b as before: futile, though B*3b makes the mate longer than the
/// defences that are not interpositions. Counted, it made this suffix 21 plies.
#[test]
fn zuko8_far_interpositions_are_futile_beside_a_real_one() {
    let pos = parse_position(ZUKO8_PLY22).expect("valid SFEN");
    assert_eq!(searcher().prove(&pos, 19), Verdict::Proven);
    assert_eq!(searcher().prove(&pos, 17), Verdict::Disproven);
    let check = pos.after(parse_move("9i9b+").expect("USI"));
    let mut s = searcher();
    for far in ["N*8b", "P*8b"] {
        assert!(
            s.is_futile(&check, parse_move(far).expect("USI"), 18),
            "{far}"
        );
    }
}

/// The line read from the unbounded proof (what a solve answers when its exact pass cannot
/// finish) judges interpositions as the exact pass does: nearest first, and each by the
/// line read after its capture; and it follows the proof, each defence's proof shorter than
/// the move before. After 22 plies of Zuko 8 it takes a rook check to 9b (the proofs'
/// lengths choose the attacker's moves), at most two far pawns, then the bishop next to the
/// king: 19 to 21 plies against the exact answer's 19 (the published line interposes the
/// bishop at once). Which, depends on the proof the search found: 9i9b+ and two pawns the
/// proof shows no shorter mate against (19 plies) before checks that offer a piece started
/// dearer (`attack_cost`); now 9i9b, one pawn (P*8b) taken, then the bishop (21). Judging
/// by the proofs' lengths alone kept five pawns (29 plies); taking the longest defence
/// whatever its length gave 23.
#[test]
fn zuko8_line_from_the_proof_skips_the_far_pawns() {
    let pos = parse_position(ZUKO8_PLY22).expect("valid SFEN");
    let mut s = searcher();
    assert_eq!(s.prove(&pos, UNBOUNDED), Verdict::Proven);
    let line: Vec<String> = s
        .proof_line(&pos, UNBOUNDED)
        .into_iter()
        .map(usi::move_text)
        .collect();
    assert!((19..=21).contains(&line.len()), "{line:?}");
    assert!(line[0].starts_with("9i9b"), "{line:?}");
    assert!(
        line.iter().filter(|m| m.starts_with("P*")).count() <= 2,
        "{line:?}"
    );
    assert!(line.contains(&"B*3b".to_string()), "{line:?}");
    let played = replay(
        &usi::parse_record(&format!(
            "position sfen {ZUKO8_PLY22} moves {}",
            line.join(" ")
        ))
        .expect("a USI record"),
    );
    assert!(played.problems.is_empty(), "{:?}", played.problems);
    assert_eq!(played.result.reason, "checkmate");
}

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

/// Zuko 8 after the published 12 plies: B*8g, the first of the two bishops that lure the
/// dragon, is the key (the published line has 29 plies more).
const ZUKO8_PLY12: &str = "5n1g1/4+b1kPl/2l3p2/3+l1+P2P/8N/5L3/9/1+r7/R8 b BGN2g4sn14p 13";

/// The unbounded first pass proves the mate after 12 plies of Zuko 8 in 8.95 M nodes
/// (about 25 s in release on the project's machine). It took 38.1 M nodes (133 s) while the
/// defender's drops on each square were a group of their own, and the bound below stops a
/// return to that. A step toward the target; the whole problem takes about eight
/// minutes (see the README).
#[test]
#[ignore = "about 25 s in release; run with --release -- --ignored"]
fn zuko8_after_12_plies_the_first_pass_proves_the_mate() {
    let pos = parse_position(ZUKO8_PLY12).expect("valid SFEN");
    let proved = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            let limits = Limits {
                nodes: Some(12_000_000),
                ..within(300)
            };
            let mut s = Searcher::<Position>::new(1 << 23, limits);
            (s.prove(&pos, UNBOUNDED), s.stats().nodes)
        })
        .expect("a thread")
        .join()
        .expect("no panic");
    assert_eq!(proved.0, Verdict::Proven, "{} nodes", proved.1);
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
    assert_eq!(r.stopped_by, Some(hensoku::solver::Limit::Time));
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
