//! Bad input never panics: random and damaged card ply texts, SFEN-C strings and records
//! come back as spanned problems (the spans stay inside the text).

use hensoku::games::shogi_cards::notation::{parse_ply, parse_sfen_c};
use hensoku::games::shogi_cards::validate::{parse_record, replay};
use proptest::prelude::*;

const PLY_ALPHABET: &str = "QTRPIABDGSWCX:,+*123456789abcdefghiPLNSGBRＱＴ同 ";

fn from_alphabet(alphabet: &'static str, max: usize) -> impl Strategy<Value = String> {
    let chars: Vec<char> = alphabet.chars().collect();
    prop::collection::vec(prop::sample::select(chars), 0..max).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #[test]
    fn card_ply_texts_never_panic(t in from_alphabet(PLY_ALPHABET, 16)) {
        if let Err(p) = parse_ply(&t) {
            prop_assert!(p.span.end() <= t.len());
        }
    }

    #[test]
    fn sfen_c_texts_never_panic(cut in 0usize..80, junk in from_alphabet("QTRPIABDGSWCqtrpiabdgswc-,Ibw159+/ ", 12)) {
        let base = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 QTRPIABDGSWCqtrpiabdgswc -";
        let mut t = base[..cut.min(base.len())].to_string();
        t.push_str(&junk);
        if let Err(p) = parse_sfen_c(&t) {
            prop_assert!(p.span.end() <= t.len());
        }
    }

    #[test]
    fn records_with_random_plies_never_panic(plies in prop::collection::vec(from_alphabet(PLY_ALPHABET, 10), 0..6)) {
        let t = format!("position startpos moves {}", plies.join(" "));
        match parse_record(&t) {
            Err(p) => prop_assert!(p.span.end() <= t.len()),
            Ok(rec) => {
                for p in replay(&rec).problems {
                    prop_assert!(p.span.end() <= t.len());
                }
            }
        }
    }
}
