//! FEN: never panic; a valid position prints to a FEN that reads back to the same position.
#![no_main]
use hensoku::chess::{self, Format, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = text.parse::<Position>() {
        let printed = pos.to_string();
        let back: Position = printed.parse().expect("a printed FEN reads back");
        assert_eq!(back.to_string(), printed);
    }
    let _ = chess::read_positions(text, Format::Epd);
});
