//! SFEN: never panic; a position that reads back prints canonically and reads back equal.
#![no_main]
use hensoku::shogi::sfen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = sfen::parse_position(text) {
        let printed = sfen::to_sfen(&pos);
        let again = sfen::parse_position(&printed).expect("a printed SFEN reads back");
        assert_eq!(again, pos);
        assert_eq!(sfen::to_sfen(&again), printed);
    }
});
