//! Every shogi notation reader, on arbitrary bytes: decode, read, replay — never panic.
#![no_main]
use hensoku::shogi::{Format, io};
use hensoku::shogi::validate as replay;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for format in [Format::Usi, Format::Sfen, Format::Csa, Format::Kif, Format::Ki2] {
        if let Ok(text) = io::decode(data, format, None) {
            if let Ok(records) = io::read(&text, format) {
                for r in &records {
                    let _ = replay(r);
                }
            }
        }
    }
});
