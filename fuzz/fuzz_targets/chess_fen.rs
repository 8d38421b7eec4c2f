//! FEN: never panic; a valid position prints to a FEN that reads back to the same position.
#![no_main]
use hensoku::games::chess::notation::fen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = fen::parse_position(text) {
        let printed = fen::to_fen(&pos);
        let back = fen::parse_position(&printed).expect("a printed FEN reads back");
        assert_eq!(fen::to_fen(&back), printed);
    }
    let _ = fen::parse_epd(text);
});
