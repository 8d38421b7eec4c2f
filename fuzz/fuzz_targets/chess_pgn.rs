//! PGN with tags, comments, NAGs and nested variations: reading and replaying never panic
//! nor overflow the stack, whatever the nesting.
#![no_main]
use hensoku::chess;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(games) = chess::read(text) {
        for g in games.iter().take(4) {
            let _ = chess::validate(g);
        }
    }
});
