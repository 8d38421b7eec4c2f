//! SAN and PGN: never panic in the parser, the resolver or the validator; a resolved move
//! prints to SAN that resolves to the same move.
#![no_main]
use hensoku::chess::{self, Position, SanPlus};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let pos = Position::startpos();
    if let Ok(s) = text.parse::<SanPlus>() {
        if let Ok(m) = s.to_move(&pos) {
            let printed = chess::move_text(&pos, m);
            assert_eq!(printed.parse::<SanPlus>().unwrap().to_move(&pos).unwrap(), m);
        }
    }
    if let Ok(games) = chess::read(text) {
        for g in &games {
            let _ = chess::validate(g);
        }
    }
});
