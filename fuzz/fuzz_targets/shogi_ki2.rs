//! KI2 alone (the shared shogi target splits its time over five formats): decode in every
//! encoding it accepts, read, replay — never panic, never overflow the stack.
#![no_main]
use hensoku::shogi::{Format, io};
use hensoku::shogi::validate as replay;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = io::decode(data, Format::Ki2, None) {
        if let Ok(records) = io::read(&text, Format::Ki2) {
            for r in &records {
                let _ = replay(r);
            }
        }
    }
});
