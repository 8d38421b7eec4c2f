//! Action counts and verdicts on small, hand-checked positions.

use hensoku::games::fived::action::{Budget, count_actions};
use hensoku::games::fived::notation::pgn;
use hensoku::games::fived::validate::replay;
use hensoku::games::fived::Multiverse;

fn end_of(text: &str) -> Multiverse {
    let rec = pgn::parse(text).expect("parses");
    let r = replay(&rec, text);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    r.end.expect("an end state")
}

#[test]
fn standard_start_has_twenty_actions() {
    let mv = end_of("[Board \"Standard\"]\n");
    assert_eq!(count_actions(&mv, 1000, Budget::default()), Some(20));
}

/// Every action the search yields, played move by move in the order it gives, reaches the
/// state the search built and can be submitted (branching jumps included: wide.5dpgn branches
/// on almost every action).
#[test]
fn search_actions_replay_to_the_state_they_claim() {
    use hensoku::games::fived::action::for_each_action;
    let text = std::fs::read_to_string(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/5d/penteract__cwmtt/tests/5dpgn/wide.5dpgn"),
    )
    .expect("corpus file");
    let rec = pgn::parse(&text).expect("parses");
    let r = replay(&rec, &text);
    let mut branching = 0;
    for s in r.nodal_states().iter().step_by(3) {
        let p = s.to_move();
        let mut seen = 0;
        for_each_action(s, Budget::default(), |after, moves| {
            let played = s.after_action(moves).expect("every move applies in the given order");
            assert_eq!(&played, after);
            assert!(played.can_submit(p));
            branching += usize::from(played.timelines.len() > s.timelines.len());
            seen += 1;
            seen < 200
        });
    }
    assert!(branching > 100, "only {branching} branching actions looked at");
}
