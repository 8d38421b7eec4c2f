//! Shelt records (readout and compact lines): never panic in the parser, the validator or
//! the printers; a replayed prefix printed canonically reads back to the same plies.
#![no_main]
use hensoku::shelt::{self, Format, Record, validate as replay, write};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(mut records) = shelt::read(text) else { return };
    let rec = records.remove(0);
    let r = replay(&rec);
    let valid_prefix = Record { plies: rec.plies[..r.plies.len()].to_vec(), ..rec.clone() };
    let r = replay(&valid_prefix);
    for format in [Format::Readout, Format::Compact] {
        let printed = write(&valid_prefix, &r, format);
        let back = shelt::read(&printed).expect("printed record reads back").remove(0);
        assert_eq!(replay(&back).plies, r.plies);
    }
    let _ = write(&rec, &r, Format::Spn);
});
