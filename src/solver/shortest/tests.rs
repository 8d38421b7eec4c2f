//! The breadth-first search against the depth-first one, on every ばか詰 and 協力自玉詰 of
//! the puzzle collection (shogi and card shogi): the same lines, in the same order.

use super::solve;
use crate::games::shogi::Position;
use crate::games::shogi_cards::notation::parse_sfen_c;
use crate::puzzle;
use crate::solver::stipulated::Stipulated;
use crate::solver::{Limits, Outcome, Stipulation, help};

/// The help-play puzzles of `prefix` (`shogi-bakazume`, …): each position and stipulation.
fn puzzles(prefix: &str) -> Vec<(String, Stipulation)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/stipulations");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .expect("the puzzle folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .into_string()
                .expect("a name")
        })
        .filter(|n| n.starts_with(prefix))
        .collect();
    names.sort();
    assert!(names.len() >= 3, "{prefix}: {names:?}");
    names
        .iter()
        .map(|n| {
            let text = std::fs::read_to_string(format!("{dir}/{n}")).expect("a puzzle");
            let (p, problems) = puzzle::parse(&text);
            assert!(problems.is_empty(), "{n}: {problems:?}");
            let stip = p.tag("Stipulation").expect("a stipulation").parse();
            (
                p.tag("Position").expect("a position").to_string(),
                stip.expect(n),
            )
        })
        .collect()
}

fn lines(a: &crate::solver::Answer) -> Vec<Vec<String>> {
    let help = a.help.as_ref().expect("help play");
    help.solutions.iter().map(|l| l.moves.clone()).collect()
}

/// Both searches give the same solved answer; so does a bound of 1 000 plies.
fn agree<G: Stipulated>(pos: &G, stip: Stipulation) {
    let limits = Limits::default();
    let wide = solve(pos, stip, &limits);
    let deep = help::solve(pos, stip, &limits);
    assert_eq!(wide.result, Outcome::Solved, "{stip}");
    assert_eq!(lines(&wide), lines(&deep), "{stip}");
    assert_eq!(wide.solution.length, deep.solution.length);
    let far = Stipulation {
        length: Some(1000),
        ..stip
    };
    assert_eq!(lines(&solve(pos, far, &limits)), lines(&wide));
}

#[test]
fn shogi_puzzles_have_the_depth_first_lines() {
    for prefix in ["shogi-bakazume", "shogi-kyoryoku"] {
        for (sfen, stip) in puzzles(prefix) {
            agree(&sfen.parse::<Position>().expect(&sfen), stip);
        }
    }
}

#[test]
fn card_shogi_puzzles_have_the_depth_first_lines() {
    for prefix in ["cards-bakazume", "cards-kyoryoku"] {
        for (sfen, stip) in puzzles(prefix) {
            agree(&parse_sfen_c(&sfen).expect("a card position").0, stip);
        }
    }
}

#[test]
fn a_budget_stops_the_search_with_no_line_claimed() {
    let (sfen, stip) = puzzles("shogi-bakazume").remove(0);
    let pos: Position = sfen.parse().expect("a position");
    let limits = Limits {
        nodes: Some(3),
        ..Limits::default()
    };
    let a = solve(&pos, stip, &limits);
    assert_eq!(a.result, Outcome::Unknown);
    assert_eq!(a.stopped_by, Some(crate::solver::Limit::Nodes));
    let help = a.help.expect("help play");
    assert!(help.solutions.is_empty() && !help.complete);
    let tiny = Limits {
        memory: Some(64),
        ..Limits::default()
    };
    assert_eq!(
        solve(&pos, stip, &tiny).stopped_by,
        Some(crate::solver::Limit::Memory)
    );
}
