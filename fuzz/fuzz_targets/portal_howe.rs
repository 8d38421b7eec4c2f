//! Howe's positions, plies and records: never panic; position strings and resolved plies
//! print back to themselves.
#![no_main]
use hensoku::portal::howe::{self, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = text.parse::<Position>() {
        assert_eq!(p.to_string().parse::<Position>().unwrap().to_string(), p.to_string());
    }
    let pos = Position::startpos();
    if let Ok(ply) = howe::parse_move(&pos, text) {
        let t = howe::move_text(&pos, ply);
        assert_eq!(howe::parse_move(&pos, &t), Ok(ply));
    }
    if let Ok(recs) = howe::read(text) {
        for r in &recs {
            let _ = howe::validate(r);
        }
    }
});
