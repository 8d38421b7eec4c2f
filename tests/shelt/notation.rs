//! Readout ↔ compact conversion (§10's table), canonical printing, and round trips of
//! random games through both notations (proptest).

use hensoku::shelt::{self, Format, Position, Previous, compact, readout, spn};
use hensoku::shelt::{validate as replay, write};
use proptest::prelude::*;

/// The one record of a Shelt text.
fn record_of(text: &str) -> Result<hensoku::shelt::Record, hensoku::Problem> {
    Ok(hensoku::shelt::read(text)?.remove(0))
}

/// Resolve a readout in a position and print it compact; and the compact back to readout.
fn both_ways(spn_text: &str, prior: &[&str], ro: &str, co: &str) {
    let mut pos = spn::parse_position(spn_text).unwrap();
    let mut previous = Previous::None;
    for p in prior {
        let ply = readout::resolve(&pos, previous, &readout::parse(p, 0).unwrap())
            .unwrap()
            .ply;
        previous = ply.reference().map_or(Previous::Yol, Previous::Square);
        pos = shelt::play(&pos, ply);
    }
    let ply = readout::resolve(&pos, previous, &readout::parse(ro, 0).unwrap())
        .unwrap()
        .ply;
    assert_eq!(compact::write(&pos, ply), co, "{ro}");
    let back = compact::resolve(&pos, &compact::parse(co, 0).unwrap())
        .unwrap()
        .ply;
    assert_eq!(back, ply);
    assert_eq!(readout::write(&pos, previous, back, false), ro, "{co}");
}

#[test]
fn the_conversion_table_of_section_10() {
    let initial = spn::INITIAL;
    both_ways(initial, &[], "tes,vi,pal", "Va2-a3");
    both_ways(initial, &[], "tes,vi,pal ann ket,vi,ful", "Va2-a3&Hb2-b3");
    both_ways(initial, &[], "xal,ta,milf,soa", "Sc2=X");
    both_ways(
        initial,
        &["xal,ta,milf,soa", "fox,le,umt"],
        "xal,ta,milf,soi",
        "Xc2=S",
    );
    let seed = [
        "tes,vi,pal",
        "fox,le,umt",
        "tes,va,pal",
        "fox,va,umt",
        "tes,le,pal",
        "vin,le,ax",
    ];
    both_ways(initial, &seed, "tes,ki,pal,din", "Va5xa6");
    let mut seven = seed.to_vec();
    seven.push("tes,ki,pal,din");
    both_ways(initial, &seven, "kak,rav,pal", "Ca7xa6");
    both_ways(
        "1,eke,5/1,teems,2,kmir,2/dia,6/7/7/3,ser,3/7 arxe -/- rav/- 0/0",
        &[],
        "yol,rav",
        "@C+",
    );
    both_ways(
        "4,eke,1,kmir/1,nen,5/3,din,3/3,teems,3/7/7/ser,1,mel,4 sorn lin/- -/- 0/0",
        &[],
        "sol,va,din,teems",
        "Vd5xd4",
    );
    both_ways(
        "4,eke,1,kmir/1,nen,5/7/3,teems,3/7/7/ser,1,mel,4 arxe din/- -/- 0/0",
        &[],
        "sol,va,teems,eteems",
        "Ed4=K",
    );
    both_ways(
        "4,eke,1,kmir/1,nen,5/7/3,teems,3/7/7/ser,1,mel,4 arxe din/- -/- 0/0",
        &[],
        "yol,yuu",
        "@-",
    );
}

#[test]
fn a_pin_needs_a_tag_when_the_hand_holds_two_of_a_kind() {
    let pos = spn::parse_position(
        "4,eke,1,kmir/1,nen,5/7/3,teems,3/7/7/ser,1,mel,4 arxe -/- umt.din/- 0/0",
    )
    .unwrap();
    let pins: Vec<String> = shelt::legal_moves(&pos)
        .into_iter()
        .filter(|p| matches!(p, hensoku::shelt::Ply::Pin(_)))
        .map(|p| compact::write(&pos, p))
        .collect();
    assert_eq!(pins, ["@V[umt]", "@V[din]"]);
    let err = compact::resolve(&pos, &compact::parse("@V", 0).unwrap())
        .err()
        .unwrap();
    assert_eq!(err.rule.name(), "AmbiguousPin");
}

#[test]
fn canonical_print_uses_kak_names_victims_and_marks_the_end() {
    let text = "tes,vi,pal\nfox,le,umt\ntes,va,pal\nfox,va,umt\ntes,le,pal\nvin,le,ax\ntes,ki,pal\ntes,ki,rav,pal\n";
    let rec = record_of(text).unwrap();
    let r = replay(&rec);
    assert!(r.valid());
    assert_eq!(
        r.warnings.iter().map(|w| w.rule.name()).collect::<Vec<_>>(),
        ["W02"]
    );
    assert_eq!(r.notes.iter().filter(|n| n.rule.name() == "W03").count(), 1);
    let out = write(&rec, &r, Format::Readout);
    assert!(out.ends_with("tes,ki,pal,din\nkak,rav,pal\n"), "{out}");
}

/// A random game from the initial position: `choices` pick each ply among the legal ones.
fn random_game(choices: &[usize]) -> (Vec<hensoku::shelt::Ply>, Position) {
    let mut pos = Position::startpos();
    let mut plies = vec![];
    for &c in choices {
        let legal = shelt::legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        let ply = legal[c % legal.len()];
        plies.push(ply);
        pos = shelt::play(&pos, ply);
    }
    (plies, pos)
}

fn written(plies: &[hensoku::shelt::Ply], compact_form: bool) -> String {
    let mut pos = Position::startpos();
    let mut previous = Previous::None;
    let mut out = String::new();
    for &p in plies {
        let next = shelt::play(&pos, p);
        out.push_str(&if compact_form {
            compact::write(&pos, p)
        } else {
            readout::write(&pos, previous, p, next.end().is_some())
        });
        out.push('\n');
        previous = p.reference().map_or(Previous::Yol, Previous::Square);
        pos = next;
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_games_round_trip_through_both_notations(choices in prop::collection::vec(0usize..1000, 0..60)) {
        let (plies, end) = random_game(&choices);
        for compact_form in [false, true] {
            let text = written(&plies, compact_form);
            let rec = record_of(&text).unwrap();
            let r = replay(&rec);
            prop_assert!(r.valid(), "{:?}\n{}", r.problems, text);
            prop_assert!(r.warnings.is_empty(), "{:?}\n{}", r.warnings, text);
            prop_assert_eq!(&r.plies, &plies);
            prop_assert_eq!(spn::to_spn(&r.end), spn::to_spn(&end));
            // canonical printing is a fixed point
            let again = write(&rec, &r, if compact_form { Format::Compact } else { Format::Readout });
            prop_assert_eq!(&again, &text);
        }
    }

    #[test]
    fn spn_round_trips_on_random_games(choices in prop::collection::vec(0usize..1000, 0..80)) {
        let (_, end) = random_game(&choices);
        let text = spn::to_spn(&end);
        if end.end().is_none() {
            let back = spn::parse_position(&text).unwrap();
            prop_assert_eq!(spn::to_spn(&back), text);
        }
    }
}

/// Words a damaged record is made of: real tokens, near misses and separators.
fn token() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "tes",
        "ket",
        "xal",
        "sol",
        "nim",
        "vin",
        "fox",
        "ko",
        "ta",
        "vi",
        "va",
        "le",
        "ki",
        "no",
        "pal",
        "paal",
        "ful",
        "milf",
        "din",
        "rav",
        "kmir",
        "ser",
        "teems",
        "eteems",
        "soa",
        "pafi",
        "kak",
        "yol",
        "yuu",
        "ann",
        "vist",
        ",",
        " ",
        " ann ",
        " vist",
        "\n",
        "{c}",
        "1. ",
        "[Start \"",
        "\"]",
        "Va2-a3",
        "@C",
        "@-",
        "x",
        "#",
        "+",
        "zzz",
        "nimsam e pi",
        "é",
        "\r\n",
    ])
    .prop_map(str::to_string)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// Never a panic on damaged text: every failure is a spanned problem inside the text.
    #[test]
    fn damaged_records_never_panic(words in prop::collection::vec(token(), 0..40)) {
        let text: String = words.concat();
        match record_of(&text) {
            Err(p) => prop_assert!(p.span.end() <= text.len()),
            Ok(rec) => {
                let r = replay(&rec);
                for p in r.problems.iter().chain(&r.warnings) {
                    prop_assert!(p.span.end() <= text.len(), "{p:?}");
                }
                let _ = write(&rec, &r, Format::Spn);
            }
        }
    }
}
