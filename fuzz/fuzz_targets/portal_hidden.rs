//! Hidden's moves and positions: never panic; resolved teleports print back to themselves.
#![no_main]
use hensoku::portal::hidden::{self, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = text.parse::<Position>() {
        assert_eq!(p.to_string().parse::<Position>().unwrap().to_string(), p.to_string());
    }
    let pos = Position::startpos();
    if let Ok(m) = hidden::parse_move(&pos, text) {
        let t = hidden::move_text(&pos, m);
        assert_eq!(hidden::parse_move(&pos, &t).unwrap(), m);
    }
});
