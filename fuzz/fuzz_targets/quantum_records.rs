//! QGN records and puzzle lines: never panic while reading or replaying.
#![no_main]
use hensoku::games::quantum::notation::{puzzle, qgn};
use hensoku::games::quantum::rules::Mode;
use hensoku::games::quantum::validate;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(records) = qgn::parse(text) {
        for r in records.iter().take(4) {
            let _ = validate::replay(r, Mode::Strict);
        }
    }
    let _ = puzzle::parse(text);
});
