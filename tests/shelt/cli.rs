//! `hensoku … --game shelt` as scripts see it: output shapes, exit codes, diagnostics.

use crate::common::bin::{err, json, out, run};

const SEED_GAME: &str = "tes,vi,pal\nfox,le,umt\ntes,va,pal\nfox,va,umt\ntes,le,pal\nvin,le,ax\ntes,ki,pal,din\nkak,rav,pal\n";

#[test]
fn perft_counts_and_divide() {
    let o = run(
        &["perft", "--game", "shelt", "--depth", "3", "--json"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(json(&o)["nodes"], 27_672);
    let v = json(&run(
        &[
            "perft", "--game", "shelt", "--depth", "2", "--divide", "--json",
        ],
        None,
    ));
    let parts = v["divide"].as_array().unwrap();
    assert_eq!(parts.len(), 30);
    assert_eq!(
        parts
            .iter()
            .map(|p| p["nodes"].as_u64().unwrap())
            .sum::<u64>(),
        900
    );
    assert!(
        parts
            .iter()
            .any(|p| p["move"] == "tes,vi,pal ann ket,vi,ful")
    );
}

#[test]
fn moves_in_both_notations() {
    let v = json(&run(&["moves", "--game", "shelt", "--json"], None));
    assert_eq!(v["count"], 30);
    assert!(
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "xal,ta,milf,soa")
    );
    let v = json(&run(
        &[
            "moves",
            "--game",
            "shelt",
            "--notation",
            "compact",
            "--json",
        ],
        None,
    ));
    assert!(
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "Va2-a3&Hb2-b3")
    );
}

#[test]
fn the_seeds_game_validates_and_converts() {
    let o = run(&["validate", "--game", "shelt", "-"], Some(SEED_GAME));
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(out(&o), "<stdin>: valid, 8 plies (unfinished)\n");
    let o = run(
        &["convert", "--game", "shelt", "--to", "compact", "-"],
        Some(SEED_GAME),
    );
    assert_eq!(
        out(&o),
        "Va2-a3\nVg6-g5\nVa3-a4\nVg5-g4\nVa4-a5\nSe6-f5\nVa5xa6\nCa7xa6\n"
    );
    let back = run(
        &["convert", "--game", "shelt", "--to", "readout", "-"],
        Some(&out(&o)),
    );
    assert_eq!(out(&back), SEED_GAME);
    let o = run(
        &["convert", "--game", "shelt", "--to", "spn", "-"],
        Some(SEED_GAME),
    );
    assert!(out(&o).ends_with("arxe -/- din/pal 0/0\n"));
}

#[test]
fn parse_prints_canonically_with_aliases_and_long_names_replaced() {
    let o = run(
        &["parse", "--game", "shelt", "-"],
        Some("[Event \"club\"]\n1. nimsam e pi,meblsim e arxe,paal {long}\nfox,le,umt\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(out(&o), "[Event \"club\"]\ntes,vi,pal\nfox,le,umt\n");
    let v = json(&run(
        &["parse", "--game", "shelt", "--json", "-"],
        Some("tes,vi,pal {first}\n"),
    ));
    assert_eq!(v["syntax"]["plies"][0]["comment"], "first");
    assert_eq!(v["syntax"]["plies"][0]["length"], 10);
}

#[test]
fn bad_input_gives_spanned_rules_and_exit_1() {
    let cases: &[(&str, &str, u64)] = &[
        ("kak,pal\n", "NoPreviousMove", 1),
        ("tes,vi,zzz\n", "UnknownToken", 8),
        ("tes,vipal\n", "UnknownToken", 5),
        ("tes,le,pal\n", "IllegalMovement", 1),
        ("tes,vi,pal ann xal,vi,milf\n", "AccompanimentAdjacency", 1),
        (
            "xal,ta,milf,soa\nfox,le,umt\nsol,ta,milf ann nim,ta,fav\n",
            "AccompanimentPush",
            1,
        ),
        (
            "[Start \"2,rav,kmir,3/7/7/3,teems,3/2,mel,4/7/3,ser,dia,2 arxe -/- -/- 0/0\"]\nsol,vi,mel\n",
            "AxisMoveWhileAttacked",
            1,
        ),
        (
            "[Start \"4,eke,1,kmir/1,nen,5/3,din,3/3,teems,3/7/7/ser,1,mel,4 sorn lin/- -/- 0/0\"]\nsol,va,din,teems\nyol,lin\n",
            "PinConsumed",
            1,
        ),
    ];
    for (text, rule, column) in cases {
        let o = run(&["validate", "--game", "shelt", "--json", "-"], Some(text));
        assert_eq!(o.status.code(), Some(1), "{text}");
        let v = json(&o);
        let e = &v["errors"][0];
        assert_eq!(
            (e["rule"].as_str(), e["column"].as_u64()),
            (Some(*rule), Some(*column)),
            "{text}"
        );
    }
}

#[test]
fn diagnostics_snapshot() {
    let o = run(
        &["validate", "--game", "shelt", "-"],
        Some("xal,ta,milf,soa\nfox,le,umt\nsol,ta,milf ann nim,ta,fav\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    insta::assert_snapshot!("push", err(&o));
    let o = run(
        &["validate", "--game", "shelt", "-"],
        Some("tes,vi,pal\nfox,le umt\n"),
    );
    insta::assert_snapshot!("missing_comma", err(&o));
}

#[test]
fn the_seeds_wrong_form_is_a_warning_then_an_error_when_strict() {
    let o = run(
        &["validate", "--game", "shelt", "--json", "-"],
        Some("xal,ta,milf,pafi\n"),
    );
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(v["result"]["warnings"][0]["rule"], "W01");
    assert_eq!(v["result"]["warnings"][0]["column"], 13);
    assert_eq!(
        v["warnings"][0]["rule"], "W01",
        "warnings also stand beside the errors"
    );
    let o = run(
        &["validate", "--game", "shelt", "-"],
        Some("xal,ta,milf,pafi\n"),
    );
    assert!(err(&o).contains("⚠ W01"), "a human sees the warning");
    let o = run(
        &["parse", "--game", "shelt", "-"],
        Some("xal,ta,milf,pafi\n"),
    );
    assert_eq!(out(&o), "xal,ta,milf,soa\n");
    let o = run(
        &[
            "validate", "--game", "shelt", "--from", "strict", "--json", "-",
        ],
        Some("xal,ta,milf,pafi\n"),
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn solve_a_puzzle_file_inferring_the_game_from_the_extension() {
    let o = run(
        &[
            "solve",
            "puzzles/shelt/01-puzzle-a-pin-fork.shelt",
            "--json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let v = json(&o);
    assert_eq!(
        (
            v["keys"][0].as_str(),
            v["unique"].as_bool(),
            v["length"]["value"].as_u64()
        ),
        (Some("yol,rav"), Some(true), Some(2))
    );
    assert_eq!(v["tree"][0]["defences"].as_array().unwrap().len(), 14);
    assert_eq!(v["moves"].as_array().unwrap().len(), 3);
    let o = run(
        &["solve", "puzzles/shelt/02-puzzle-b-accompaniment.shelt"],
        None,
    );
    assert!(
        out(&o).starts_with("mate in 2: key vin,ki,milf ann nim,ki,ful\n"),
        "{}",
        out(&o)
    );
}

#[test]
fn solve_reports_no_mate_with_exit_1() {
    let o = run(
        &[
            "solve",
            "--game",
            "shelt",
            "--position",
            "initial",
            "--mate-in",
            "2",
            "--json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json(&o)["result"], "no_solution");
    let o = run(
        &[
            "solve",
            "puzzles/shelt/01-puzzle-a-pin-fork.shelt",
            "--mate-in",
            "1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn bad_positions_are_usage_errors() {
    let o = run(
        &[
            "perft",
            "--game",
            "shelt",
            "--depth",
            "1",
            "--position",
            "7/7/7/7/7/7/7 arxe -/- -/- 0/0",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("TeemsCount")
            && err(&o).contains("MissingMoon")
            && err(&o).contains("NoMagicLeft"),
        "{}",
        err(&o)
    );
    let o = run(
        &[
            "perft",
            "--game",
            "shelt",
            "--depth",
            "1",
            "--position",
            "nonsense",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn render_draws_the_board_and_an_svg() {
    let dir = std::env::temp_dir().join(format!("hensoku-shelt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("start.svg");
    let o = run(
        &[
            "render",
            "--game",
            "shelt",
            "--ascii",
            "--svg",
            svg.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(out(&o).contains("RYU"), "{}", out(&o));
    let pic = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(pic.matches("<circle").count(), 29);
    let v = json(&run(&["render", "--game", "shelt", "--json"], None));
    assert_eq!(v["position"], hensoku::shelt::spn::INITIAL);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn convert_to_spn_says_what_it_drops_and_strict_refuses() {
    let text = "[Event \"club\"]\ntes,vi,pal {first}\n";
    let o = run(
        &["convert", "--game", "shelt", "--to", "spn", "--json", "-"],
        Some(text),
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        json(&o)["dropped"],
        serde_json::json!(["moves", "headers", "comments"])
    );
    let o = run(
        &[
            "convert", "--game", "shelt", "--to", "compact", "--strict", "-",
        ],
        Some(text),
    );
    assert_eq!(o.status.code(), Some(1));
    let o = run(
        &[
            "convert", "--game", "shelt", "--to", "compact", "--strict", "-",
        ],
        Some("[Event \"club\"]\ntes,vi,pal\n"),
    );
    assert_eq!(
        (o.status.code(), out(&o)),
        (Some(0), "[Event \"club\"]\nVa2-a3\n".to_string())
    );
}
