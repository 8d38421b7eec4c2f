//! Shelt records (readout and compact lines): never panic in the parser, the validator or
//! the printers; a replayed prefix printed canonically reads back to the same plies.
#![no_main]
use hensoku::games::shelt::io::{self, Format};
use hensoku::games::shelt::record;
use hensoku::games::shelt::validate::replay;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(rec) = record::parse(text) else { return };
    let r = replay(&rec);
    let valid_prefix = record::Record { plies: rec.plies[..r.plies.len()].to_vec(), ..rec.clone() };
    let r = replay(&valid_prefix);
    for format in [Format::Readout, Format::Compact] {
        let printed = io::write(&valid_prefix, &r, format);
        let back = record::parse(&printed).expect("printed record reads back");
        assert_eq!(replay(&back).plies, r.plies);
    }
    let _ = io::write(&rec, &r, Format::Spn);
});
