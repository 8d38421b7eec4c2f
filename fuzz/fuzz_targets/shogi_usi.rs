//! USI records: never panic in the parser or the validator; valid prefixes print back.
#![no_main]
use hensoku::shogi::usi;
use hensoku::shogi::validate as replay;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(record) = usi::parse_record(text) {
        let r = replay(&record);
        {
            let printed = usi::print_record(&record.start, &r.moves);
            let back = usi::parse_record(&printed).expect("printed record reads back");
            assert_eq!(replay(&back).moves, r.moves);
        }
    }
});
