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
