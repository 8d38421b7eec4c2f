//! Action counts and verdicts on small, hand-checked positions.

use hensoku::fived::Position as Multiverse;
use hensoku::fived::pgn;
use hensoku::fived::validate as replay;
use hensoku::fived::{Budget, count_actions};

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
    use hensoku::fived::for_each_action;
    let text = public_text!("5d/penteract__cwmtt/tests/5dpgn/wide.5dpgn");
    let rec = pgn::parse(&text).expect("parses");
    let r = replay(&rec, &text);
    let mut branching = 0;
    for s in r.nodal_states().iter().step_by(3) {
        let p = s.to_move();
        let mut seen = 0;
        for_each_action(s, Budget::default(), |after, moves| {
            let played = s
                .after_action(moves)
                .expect("every move applies in the given order");
            assert_eq!(&played, after);
            assert!(played.can_submit(p));
            branching += usize::from(played.timelines.len() > s.timelines.len());
            seen += 1;
            seen < 200
        });
    }
    assert!(
        branching > 100,
        "only {branching} branching actions looked at"
    );
}

/// The other direction: every action the corpus records, which the validator accepted on its
/// own (moves applied one by one, then the present and royal captures checked), is among the
/// actions the search yields from the state before it. The search is stopped after 20 000
/// actions; states where the played action was not met by then are counted as unchecked.
/// Slow (two minutes in release; 907 found, 385 unchecked): `cargo test --release --test fived actions:: -- --ignored`.
#[test]
#[ignore]
fn every_recorded_action_is_found_by_the_search() {
    use hensoku::fived::for_each_action;
    let root = public_path!("5d");
    let mut files = vec![];
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "5dpgn") {
                files.push(p);
            }
        }
    }
    let (mut found, mut unchecked) = (0, 0);
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        let Ok(rec) = pgn::parse(&text) else { continue };
        let states = replay(&rec, &text).nodal_states();
        for pair in states.windows(2) {
            let want = pair[1].key();
            let (mut met, mut seen) = (false, 0);
            for_each_action(&pair[0], Budget::default(), |after, _| {
                seen += 1;
                met = after.key() == want && after == &pair[1];
                !met && seen < 20_000
            });
            assert!(
                met || seen >= 20_000,
                "{}: a recorded action is missing from the search",
                f.display()
            );
            if met { found += 1 } else { unchecked += 1 }
        }
    }
    eprintln!(
        "{found} recorded actions found by the search, {unchecked} unchecked (over 20 000 actions)"
    );
    assert!(found >= 900, "{found}");
}
