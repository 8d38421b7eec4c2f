//! Buckley's moves and positions: never panic; resolved moves print back to themselves.
#![no_main]
use hensoku::portal::buckley::{self, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = text.parse::<Position>() {
        assert_eq!(p.to_string().parse::<Position>().unwrap().to_string(), p.to_string());
    }
    let pos = Position::startpos();
    if let Ok(m) = buckley::parse_move(&pos, text) {
        let t = buckley::move_text(&pos, m);
        assert_eq!(buckley::parse_move(&pos, &t).unwrap(), m);
    }
});
