//! QFEN: never panic; a position that reads back prints canonically and reads back equal.
#![no_main]
use hensoku::quantum::qfen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(read) = qfen::parse(text) {
        let printed = qfen::to_qfen(&read.position);
        let again = qfen::parse_position(&printed).expect("a printed QFEN reads back");
        assert_eq!(again, read.position);
        assert_eq!(qfen::to_qfen(&again), printed);
    }
});
