//! Card shogi: SFEN-C, card plies, USI-style card records and CSA/KIF/KI2 card records,
//! on arbitrary text — never panic in the readers or the replay; a position that reads
//! back prints back the same.
#![no_main]
use hensoku::shogi_cards::notation::{
    parse_card_record, parse_ply, parse_record, parse_sfen_c, to_sfen_c,
};
use hensoku::shogi_cards::{Form, validate as replay};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = parse_ply(text);
    if let Ok((pos, _)) = parse_sfen_c(text) {
        let printed = to_sfen_c(&pos);
        let (again, _) = parse_sfen_c(&printed).expect("a printed SFEN-C reads back");
        assert_eq!(to_sfen_c(&again), printed);
    }
    if let Ok(rec) = parse_record(text) {
        let _ = replay(&rec);
    }
    for form in [Form::Csa, Form::Kif, Form::Ki2] {
        if let Ok(rec) = parse_card_record(form, text) {
            let _ = replay(&rec);
        }
    }
});
