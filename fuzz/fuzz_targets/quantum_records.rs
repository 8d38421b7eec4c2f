//! QGN records and puzzle lines: never panic while reading or replaying.
#![no_main]
use hensoku::quantum::{self, Mode, puzzle, qgn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(records) = qgn::parse(text) {
        for r in records.iter().take(4) {
            let _ = quantum::validate_with(r, Mode::Strict);
        }
    }
    let _ = puzzle::parse(text);
});
