//! Bad input never panics: random and damaged card ply texts, SFEN-C strings and records
//! come back as spanned problems (the spans stay inside the text).

use hensoku::shogi_cards::notation::parse_record;
use hensoku::shogi_cards::notation::{parse_ply, parse_sfen_c};
use hensoku::shogi_cards::validate as replay;
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

/// Card records in CSA, KIF and KI2 with random plies (card letters, full-width ones,
/// commas, squares, piece names): read and replayed without a panic, every span inside.
mod records_in_csa_kif_ki2 {
    use hensoku::shogi_cards::Form;
    use hensoku::shogi_cards::notation::{parse_card_record, print_card_record_of};
    use hensoku::shogi_cards::validate as replay;
    use proptest::prelude::*;

    const KIF_PLY: &str = "QTRPIWSCＲＴ:,１２３５７８一二三五七八九歩角飛銀金玉成打同　()1234578";
    const CSA_PLY: &str = "QTRPIWSC:,+-0123456789FUKAHIGIKIOUUMRYTA";

    fn ply(alphabet: &'static str) -> impl Strategy<Value = String> {
        super::from_alphabet(alphabet, 14)
    }

    fn check(form: Form, text: &str) -> Result<(), TestCaseError> {
        match parse_card_record(form, text) {
            Err(p) => prop_assert!(p.span.end() <= text.len(), "{p:?}"),
            Ok(rec) => {
                let r = replay(&rec);
                for p in &r.problems {
                    prop_assert!(p.span.end() <= text.len(), "{p:?}");
                }
                if r.problems.is_empty() {
                    let printed = print_card_record_of(form, &rec);
                    let again =
                        parse_card_record(form, &printed).expect("a printed record reads back");
                    prop_assert_eq!(print_card_record_of(form, &again), printed);
                }
            }
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn kif_records_never_panic(plies in prop::collection::vec(ply(KIF_PLY), 0..5)) {
            let mut t = String::from("手合割：平手\n手数----指手---------消費時間--\n");
            for (i, p) in plies.iter().enumerate() {
                t.push_str(&format!("{:>4} {p}\n", i + 1));
            }
            check(Form::Kif, &t)?;
            let ki2: Vec<String> = plies.iter().enumerate().map(|(i, p)| format!("{}{p}", if i % 2 == 0 { '▲' } else { '△' })).collect();
            check(Form::Ki2, &format!("手合割：平手\n{}\n", ki2.join(" ")))?;
        }

        #[test]
        fn csa_records_never_panic(plies in prop::collection::vec(ply(CSA_PLY), 0..5)) {
            let t = format!("V3.0\nPI\n+\n{}\n", plies.iter().enumerate().map(|(i, p)| format!("{}{p}", if i % 2 == 0 { '+' } else { '-' })).collect::<Vec<_>>().join("\n"));
            check(Form::Csa, &t)?;
        }
    }
}
