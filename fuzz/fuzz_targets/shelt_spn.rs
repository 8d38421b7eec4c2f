//! SPN positions: never panic; a valid position prints back to the same text, and its
//! plies can all be generated, printed and played.
#![no_main]
use hensoku::shelt::{self, Previous, compact, readout, spn};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = spn::parse_position(text) else { return };
    let printed = spn::to_spn(&pos);
    assert_eq!(spn::to_spn(&spn::parse_position(&printed).expect("printed SPN reads back")), printed);
    for ply in shelt::legal_moves(&pos) {
        let _ = readout::write(&pos, Previous::None, ply, false);
        let _ = compact::write(&pos, ply);
        let _ = shelt::perft(&shelt::play(&pos, ply), 1);
    }
});
