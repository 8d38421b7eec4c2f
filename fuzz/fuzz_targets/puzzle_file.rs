//! Puzzle files and puzzle lines of every game: the shared `.puzzle` reader, the portal
//! and quantum puzzle lines, and each game's position text inside a `Position` tag.
#![no_main]
use hensoku::portal::puzzle as portal;
use hensoku::quantum::{puzzle as quantum, qgn};
use hensoku::shogi::sfen;
use hensoku::puzzle;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (p, _) = puzzle::parse(text);
    let _ = p.stipulation();
    if let Some(position) = p.tag("Position") {
        let _ = sfen::parse_position(position);
    }
    let _ = qgn::from_puzzle(&p, text);
    for line in text.lines().take(8) {
        let _ = portal::parse_line(line);
        let _ = quantum::parse(line);
    }
});
