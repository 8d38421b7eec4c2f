//! KIF alone (the shared shogi target splits its time over five formats): decode in every
//! encoding it accepts, read, replay — never panic, never overflow the stack.
#![no_main]
use hensoku::shogi::{Format, io};
use hensoku::shogi::validate as replay;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = io::decode(data, Format::Kif, None) {
        if let Ok(records) = io::read(&text, Format::Kif) {
            for r in &records {
                let _ = replay(r);
            }
        }
    }
});
