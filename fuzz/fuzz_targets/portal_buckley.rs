//! Buckley's moves and positions: never panic; resolved moves print back to themselves.
#![no_main]
use hensoku::games::portal::buckley::{BuckleyPosition, notation, position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = position::parse(text) {
        assert_eq!(position::to_string(&position::parse(&position::to_string(&p)).unwrap()), position::to_string(&p));
    }
    let pos = BuckleyPosition::startpos();
    if let Ok(w) = notation::parse(text) {
        if let Ok(m) = w.resolve(&pos, text) {
            let t = notation::move_text(&pos, m, false);
            assert_eq!(notation::parse(&t).unwrap().resolve(&pos, &t).unwrap(), m);
        }
    }
});
