//! SAN and PGN: never panic in the parser, the resolver or the validator; a resolved move
//! prints to SAN that resolves to the same move.
#![no_main]
use hensoku::games::chess::notation::{pgn, san};
use hensoku::games::chess::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let pos = Position::startpos();
    if let Ok(s) = san::parse(text) {
        if let Ok(m) = s.san.resolve(&pos) {
            let printed = san::move_text(&pos, m);
            assert_eq!(san::parse(&printed).unwrap().san.resolve(&pos).unwrap(), m);
        }
    }
    if let Ok(games) = pgn::read(text) {
        for g in &games {
            let _ = hensoku::games::chess::validate::replay(g);
        }
    }
});
