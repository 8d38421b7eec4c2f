//! Replaying records: the seed's examples (§15.2), the Teems swap (§15.4), and every rule
//! violation reported with its rule id and span.

use hensoku::shelt::{Mode, Replay, spn, validate as replay, validate_with as replay_with};

/// The one record of a Shelt text.
fn record_of(text: &str) -> Result<hensoku::shelt::Record, hensoku::Problem> {
    Ok(hensoku::shelt::read(text)?.remove(0))
}

fn run(text: &str) -> Replay {
    replay(&record_of(text).unwrap_or_else(|p| panic!("{text}: {p:?}")))
}

/// The first error's rule and the text it points at.
fn first_error(text: &str) -> (String, String) {
    let p = match record_of(text) {
        Err(p) => p,
        Ok(rec) => replay(&rec)
            .problems
            .first()
            .cloned()
            .unwrap_or_else(|| panic!("no error in {text}")),
    };
    (
        p.rule.name().to_string(),
        text[p.span.offset..p.span.end()].to_string(),
    )
}

const SEED_GAME: &str = "tes,vi,pal\nfox,le,umt\ntes,va,pal\nfox,va,umt\ntes,le,pal\nvin,le,ax\ntes,ki,pal,din\nkak,rav,pal\n";

#[test]
fn the_seeds_game_replays_to_the_spec_spn() {
    let r = run(SEED_GAME);
    assert!(
        r.valid() && r.warnings.is_empty(),
        "{:?} {:?}",
        r.problems,
        r.warnings
    );
    assert_eq!(
        spn::to_spn(&r.end),
        "1,nen,pine,kmir,eke,lin,enn/rav,ler,knon,nmut,1,jil,1/5,ax,1/3,teems,2,umt/7/1,ful,milf,fav,zan,gil,ruj/ryu,kris,mel,ser,dia,vio,ral arxe -/- din/pal 0/0"
    );
}

#[test]
fn the_seeds_game_in_compact_form_gives_the_same_plies() {
    let compact = "Va2-a3\nVg6-g5\nVa3-a4\nVg5-g4\nVa4-a5\nSe6-f5\nVa5xa6\nCa7xa6\n";
    assert_eq!(run(compact).plies, run(SEED_GAME).plies);
}

#[test]
fn ann_and_ker_counter_from_the_initial_position() {
    assert!(run("tes,vi,pal ann ket,vi,ful\n").valid());
    let r = run("xal,ta,milf,soa\nfox,le,umt\nxal,ta,milf,soi\n");
    assert!(r.valid());
    assert_eq!(r.end.kers(hensoku::shelt::Side::Arxe), 2);
}

#[test]
fn the_seeds_wrong_form_is_a_w01_warning_in_lenient_mode_and_an_error_in_strict() {
    let text = "xal,ta,milf,pafi\n";
    let r = run(text);
    assert!(r.valid());
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].rule.name(), "W01");
    assert_eq!(
        &text[r.warnings[0].span.offset..r.warnings[0].span.end()],
        "pafi"
    );
    assert!(
        r.warnings[0].message.contains("soa"),
        "{}",
        r.warnings[0].message
    );
    let strict = replay_with(&record_of(text).unwrap(), Mode::Strict);
    assert_eq!(strict.problems[0].rule.name(), "W01");
}

#[test]
fn the_seeds_turning_example_both_ways() {
    // the seed turns Milf with `pafi` and back with `hanoi`: two W01 warnings, two kers
    let r = run("xal,ta,milf,pafi\nfox,le,umt\nxal,ta,milf,hanoi\n");
    assert!(r.valid(), "{:?}", r.problems);
    assert_eq!(
        r.warnings.iter().map(|w| w.rule.name()).collect::<Vec<_>>(),
        ["W01", "W01"]
    );
    assert!(
        r.warnings[1].message.contains("`soi`"),
        "{}",
        r.warnings[1].message
    );
    assert_eq!(r.end.kers(hensoku::shelt::Side::Arxe), 2);
    assert!(
        !r.end
            .is_turned(hensoku::shelt::Lantis::from_code("milf").unwrap())
    );
}

#[test]
fn the_teems_swap_consumes_the_pin() {
    let text = "[Start \"4,eke,1,kmir/1,nen,5/3,din,3/3,teems,3/7/7/ser,1,mel,4 sorn lin/- -/- 0/0\"]\nsol,va,din,teems\n";
    let r = run(text);
    assert!(r.valid(), "{:?}", r.problems);
    assert_eq!(
        spn::to_spn(&r.end),
        "4,eke,1,kmir/1,nen,5/3,teems,3/3,din,3/7/7/ser,1,mel,4 arxe -/- -/- 0/0"
    );
    let (rule, at) = first_error(&format!("{text}yol,yuu\n"));
    assert_eq!((rule.as_str(), at.as_str()), ("ReturnEmptySlot", "yol,yuu"));
}

#[test]
fn bad_plies_name_their_rule() {
    let cases: &[(&str, &str, &str)] = &[
        ("kak,pal\n", "NoPreviousMove", "kak"),
        ("tes,vi,din\n", "WrongSide", "din"),
        ("tes,le,pal\n", "IllegalMovement", "tes,le,pal"),
        (
            "tes,vi,pal ann xal,vi,milf\n",
            "AccompanimentAdjacency",
            "tes,vi,pal ann xal,vi,milf",
        ),
        (
            "xal,ta,milf,soa\nfox,le,umt\nsol,ta,milf ann nim,ta,fav\n",
            "AccompanimentPush",
            "sol,ta,milf ann nim,ta,fav",
        ),
        (
            "tes,vi,pal ann tes,ko,ryu\n",
            "AnnCompanionSquare",
            "tes,ko",
        ),
        (
            "tes,vi,pal ann tes,ta,ryu\n",
            "AccompanimentCompanion",
            "tes,vi,pal ann tes,ta,ryu",
        ),
        (
            "xal,vi,kris\nfox,le,umt\nsol,vi,fav ann xal,vi,milf\n",
            "AccompanimentSquare",
            "sol,vi,fav ann xal,vi,milf",
        ),
        (
            "xal,vi,kris\ntes,le,din\nnim,vi,vio\ntes,va,din\nfox,vi,ruj\ntes,vi,din\ntes,vi,pal ann ket,vi,ful\n",
            "AccompanimentCapture",
            "tes,vi,pal ann ket,vi,ful",
        ),
        (
            "ket,vi,pal ann xal,vi,ful\n",
            "AccompanimentLeaderMove",
            "ket,vi,pal ann xal,vi,ful",
        ),
        ("kak,ryu,pal\n", "NoPreviousMove", "kak"),
        ("yol,rav\nkak,pal\n", "PinNotInHand", "yol,rav"),
        (
            "[Start \"1,eke,5/1,teems,2,kmir,2/dia,6/7/7/3,ser,3/7 arxe -/- rav/- 0/0\"]\nyol,rav\nkak,kmir\n",
            "NoPreviousMove",
            "kak",
        ),
        ("nim,ta,milf,soa\n", "KerSquare", "nim,ta"),
        ("tes,ta,ryu,pal\n", "OwnPieceOnTarget", "tes,ta,ryu,pal"),
        ("sol,va,fav\n", "TeemsNotCapturable", "sol,va,fav"),
        ("tes,vi,ryu\n", "PathBlocked", "tes,vi,ryu"),
        ("sol,va,teems\n", "TeemsWithoutPin", "teems"),
        ("yol,rav\n", "PinNotInHand", "yol,rav"),
        ("tes,vi,zzz\n", "UnknownToken", "zzz"),
        ("tes,vipal\n", "UnknownToken", "vipal"),
        ("tes vi,pal\n", "MissingComma", " "),
        ("tes,vi,pal,din\n", "VictimOnEmpty", "din"),
        ("tes,ko,ryu,kmir\n", "VictimMismatch", "kmir"),
        ("xal,ko,mel,soa\n", "KerNotFront", "xal,ko,mel,soa"),
        ("tes,vi,pal,eteems\n", "KerSquare", "tes,vi"),
        ("Va2-a3+\n", "WrongCheckMark", "+"),
        ("Va2xa3\n", "WrongCaptureMark", "Va2xa3"),
        ("Sa2-a3\n", "PieceMismatch", "Sa2-a3"),
    ];
    for (text, rule, at) in cases {
        let (got, span) = first_error(text);
        assert_eq!((got.as_str(), span.as_str()), (*rule, *at), "{text}");
    }
}

#[test]
fn a_vist_claim_after_puzzle_a_scores_as_a_magic_capture() {
    let text = "[Start \"1,eke,5/1,teems,2,kmir,2/dia,6/7/7/3,ser,3/7 arxe -/- rav/- 0/0\"]\nyol,rav vist\n";
    let r = run(text);
    assert!(
        r.valid() && r.warnings.is_empty(),
        "{:?} {:?}",
        r.problems,
        r.warnings
    );
    assert_eq!(
        (
            r.result.winner.map(|s| s.name()),
            r.result.reason.as_str(),
            r.result.points
        ),
        (Some("arxe"), "vist", Some(1))
    );
    // the game is over after an accepted claim
    let (rule, _) = first_error(&format!("{text}sol,ki,kmir\n"));
    assert_eq!(rule, "GameOver");
}

#[test]
fn vist_that_is_no_claim_and_a_missing_vist_are_w04() {
    let r = run("tes,vi,pal vist\n");
    assert_eq!(
        r.warnings.iter().map(|w| w.rule.name()).collect::<Vec<_>>(),
        ["W04"]
    );
    let r = run(
        "[Start \"1,eke,5/1,teems,2,kmir,2/dia,6/7/7/3,ser,3/7 arxe -/- rav/- 0/0\"]\nyol,rav\nsol,ki,kmir\nkak,teems,kmir\n",
    );
    assert_eq!(
        r.warnings.iter().map(|w| w.rule.name()).collect::<Vec<_>>(),
        ["W04"]
    );
    assert_eq!(
        (r.result.reason.as_str(), r.result.points),
        ("moon", Some(4))
    );
}

#[test]
fn the_fourth_consecutive_ker_loses_and_a_fifth_is_reported() {
    let kers = "xal,ta,milf,soa\nfox,le,umt\nxal,ta,milf,soi\nfox,va,umt\nxal,ta,milf,soa\nfox,vi,umt\nxal,ta,milf,soi vist\n";
    let r = run(kers);
    assert!(
        r.valid() && r.warnings.is_empty(),
        "{:?} {:?}",
        r.problems,
        r.warnings
    );
    assert_eq!(
        (
            r.result.winner.map(|s| s.name()),
            r.result.reason.as_str(),
            r.result.points
        ),
        (Some("sorn"), "ker4", Some(4))
    );
    let (rule, at) = first_error(&format!("{kers}nim,ta,zan,soa\n"));
    assert_eq!(
        (rule.as_str(), at.as_str()),
        ("FifthDirectionChange", "nim,ta,zan,soa")
    );
    let (rule, _) = first_error(&format!("{kers}fox,ta,umt\n"));
    assert_eq!(rule, "GameOver");
    // any other ply resets the counter
    let r = run(
        "xal,ta,milf,soa\nfox,le,umt\nxal,ta,milf,soi\nfox,va,umt\ntes,vi,pal\nfox,vi,umt\nxal,ta,milf,soa\n",
    );
    assert_eq!(r.end.kers(hensoku::shelt::Side::Arxe), 1);
}

#[test]
fn teems_with_both_pins_capture_by_teems_and_teems_ker() {
    // Arxe has pinned Eketone (omi), Sorn has pinned Paal (has): both may move Teems
    let start =
        "[Start \"3,kmir,3/7/2,knon,4/3,teems,3/7/1,rav,5/3,ser,1,ral,1 arxe eke/pal -/- 0/0\"]\n";
    let r = run(&format!("{start}nim,le,teems\n"));
    assert!(r.valid(), "{:?}", r.problems);
    // Teems as Arxe's omi takes Kunon on c5: Arxe's pin is consumed, Sorn's stays
    let r = run(&format!("{start}xal,le,teems,knon\n"));
    assert!(r.valid(), "{:?}", r.problems);
    assert_eq!(
        spn::to_spn(&r.end),
        "3,kmir,3/7/2,teems,4/7/7/1,rav,5/3,ser,1,ral,1 sorn -/pal knon/- 0/0"
    );
    // Sorn's Teems (a has) turns; Arxe's omi pin does not care about the orientation
    let r = run(&format!("{start}vin,ta,ral\nsol,va,teems,eteems\n"));
    assert!(r.valid(), "{:?}", r.problems);
    assert!(r.end.teems_turned());
    // Arxe cannot turn Teems: its pin is not a front piece
    let (rule, _) = first_error(&format!("{start}sol,va,teems,eteems\n"));
    assert_eq!(rule, "TeemsKerWithoutFrontPin");
    // Sorn's rook takes Teems (Arxe's pin on it): swap, Eketone consumed, Sorn's pin stays
    let r = run(&format!(
        "{start}vin,ta,ral\nsol,ta,rav\nvin,vi,ral\nsol,va,rav,teems\n"
    ));
    assert!(r.valid(), "{:?}", r.problems);
    assert_eq!(
        spn::to_spn(&r.end),
        "3,kmir,3/7/2,knon,4/3,rav,3/5,ral,1/3,teems,3/3,ser,3 arxe -/pal -/- 0/0"
    );
}

#[test]
fn an_axis_move_is_refused_when_attacked_and_allowed_otherwise() {
    let start = "[Start \"2,rav,kmir,3/7/7/3,teems,3/2,mel,4/7/3,ser,dia,2 arxe -/- -/- 0/0\"]\n";
    let (rule, _) = first_error(&format!("{start}sol,vi,mel\n"));
    assert_eq!(rule, "AxisMoveWhileAttacked");
    assert!(run(&format!("{start}vin,ko,dia\n")).valid());
    let (rule, _) = first_error(&format!("{start}sol,ko,dia\n"));
    assert_eq!(rule, "AxisMoveOccupied");
}

#[test]
fn pin_replace_and_return_keep_the_pieces_in_hand() {
    let start = "[Start \"3,kmir,3/7/2,knon,4/3,teems,3/7/1,rav,5/3,ser,1,ral,1 arxe -/- eke.umt/- 0/0\"]\n";
    let r = run(&format!(
        "{start}yol,eke\nket,va,knon\nyol,umt\nxal,le,knon\nyol,yuu\n"
    ));
    assert!(r.valid(), "{:?}", r.problems);
    assert_eq!(
        spn::to_spn(&r.end),
        "3,kmir,3/7/2,knon,4/3,teems,3/7/1,rav,5/3,ser,1,ral,1 sorn -/- umt.eke/- 0/0"
    );
    // the replaced piece is not consumed: it can be pinned again
    let r = run(&format!(
        "{start}yol,eke\nket,va,knon\nyol,umt\nxal,le,knon\nyol,eke\n"
    ));
    assert!(r.valid(), "{:?}", r.problems);
    assert_eq!(
        r.end.pin(hensoku::shelt::Side::Arxe).map(|l| l.code()),
        Some("eke")
    );
}
