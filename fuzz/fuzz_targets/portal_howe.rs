//! Howe's positions, plies and records: never panic; position strings and resolved plies
//! print back to themselves.
#![no_main]
use hensoku::games::portal::howe::{self, HowePosition, fen, record, validate, write};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = fen::parse(text) {
        assert_eq!(fen::to_string(&fen::parse(&fen::to_string(&p)).unwrap()), fen::to_string(&p));
    }
    let pos = HowePosition::startpos();
    if let Ok(ply) = howe::ply(&pos, text) {
        let t = write::move_text(&pos, ply, false);
        assert_eq!(howe::ply(&pos, &t), Ok(ply));
    }
    if let Ok(recs) = record::read(text) {
        for r in &recs {
            let _ = validate::replay(r);
        }
    }
});
