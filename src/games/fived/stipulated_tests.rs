use super::*;
use crate::Game as _;
use crate::games::fived::face::{self, Fived};
use crate::solver::Outcome;
use std::collections::BTreeSet;

/// Rook Tactics I two actions before its end: Black to move, White's rook and king
/// against the lone black king on a 5×5 board.
const ROOK: &str = "[Board \"custom\"] [Size \"5x5\"] [4k/5/5/5/K1R2:0:1:w] 1. Kb2 / Ke4 2. Re1";

fn pos(text: &str) -> Multiverse {
    text.parse().unwrap()
}

fn stip(text: &str) -> Stipulation {
    text.parse().unwrap()
}

/// The words of a line without check and mate signs.
fn bare(line: &[String]) -> Vec<String> {
    line.iter()
        .flat_map(|m| m.split_whitespace())
        .map(|w| w.trim_end_matches(['+', '#']).to_string())
        .collect()
}

/// Every h#1 by brute force over the face: each action of the side to move, then each
/// reply after which the rules' verdict is checkmate.
fn brute_h1(start: &Multiverse) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    for a in face::legal_moves(start) {
        let after = start.after_action(&a).unwrap();
        for b in face::legal_moves(&after) {
            let end = after.after_action(&b).unwrap();
            if face::status(&end, Budget::default()) == Status::Checkmate {
                let line = [Fived::move_text(start, &a), Fived::move_text(&after, &b)];
                out.insert(bare(&line));
            }
        }
    }
    out
}

#[test]
fn a_helpmate_in_one_is_every_line_a_brute_force_finds() {
    let start = pos(ROOK);
    let answer = solve(&start, &stip("h#1"), &Limits::default()).unwrap();
    assert_eq!(answer.result, Outcome::Solved);
    let help = answer.help.unwrap();
    assert!(help.complete);
    let ours: BTreeSet<Vec<String>> = help.solutions.iter().map(|s| bare(&s.moves)).collect();
    assert_eq!(ours.len(), help.count, "each line listed once");
    let theirs = brute_h1(&start);
    assert!(!theirs.is_empty());
    assert_eq!(ours, theirs);
    // the set holds a jump into the past: Black's king branches a timeline
    assert!(ours.iter().any(|l| l[0].contains(">>")));
}

#[test]
fn series_play_is_refused_naming_the_game() {
    for spelling in ["ser-h#2", "ser-#2"] {
        let e = solve(&pos(ROOK), &stip(spelling), &Limits::default()).unwrap_err();
        let StipulationError::Unsupported(why) = e else {
            panic!("{spelling}: {e:?}");
        };
        assert!(why.contains("fived") && why.contains("series"), "{why}");
    }
    assert!(check(&stip("h=2")).is_ok(), "5D has stalemate");
    assert!(
        check(&stip("#2")).is_err(),
        "a direct mate is the game's own solve"
    );
}

#[test]
fn a_listing_cut_by_its_budget_answers_unknown() {
    let start = pos(ROOK);
    let tiny = Budget::nodes(2);
    for spelling in ["h#1", "s#1"] {
        let answer = solve_within(&start, &stip(spelling), &Limits::default(), tiny).unwrap();
        assert_eq!(answer.result, Outcome::Unknown, "{spelling}");
        assert_eq!(answer.stopped_by, Some(Limit::Nodes), "{spelling}");
        assert!(answer.solution.keys.is_empty(), "{spelling}");
        if let Some(help) = answer.help {
            assert!(!help.complete, "{spelling}");
        }
    }
}

#[test]
fn an_action_packs_and_unpacks() {
    let start = pos(ROOK);
    let actions = face::legal_moves(&start);
    assert!(!actions.is_empty());
    for a in &actions {
        assert_eq!(PackedAction::pack(a).unwrap().moves(), *a);
    }
    let wide = vec![actions[0][0]; MAX_BOARDS + 1];
    assert!(PackedAction::pack(&wide).is_none());
}
