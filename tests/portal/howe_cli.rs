//! The `hensoku` binary for `--game portal-howe`: every subcommand with `--json`, exit
//! codes, and diagnostics that name the rule and point into the input.

use crate::common::bin::{err, json, run};

const GAME: &str = "[Variant \"portal-howe\"]\n\n1:Ae4 Ba5 2:Bh4 Ae5 *\n";
const SWAP: &str = "[Variant \"portal-howe\"]\n[FEN \"8/8/8/8/P7/8/8/4K3 4k3/8/8/8/p7/8/8/8 wA -/- -/- - 0 20\"]\n\n20: 'intent' 'intent' 21: Aa4->Ba4 --\n";
/// Black's execution opens the a-file on White's king in A, and White plays B next.
const MATE: &str = "r7/8/8/n7/8/8/8/K7 4k3/8/8/8/8/8/8/7R bB -/- -/- bAa5 0 1";

#[test]
fn perft_and_moves() {
    let v = json(&run(
        &["perft", "--game", "portal-howe", "--depth", "3", "--json"],
        None,
    ));
    assert_eq!(v["nodes"], 8400);
    let v = json(&run(
        &[
            "perft",
            "--game",
            "portal-howe",
            "--depth",
            "2",
            "--divide",
            "--json",
        ],
        None,
    ));
    assert_eq!(v["divide"].as_array().unwrap().len(), 20);
    let v = json(&run(&["moves", "--game", "portal-howe", "--json"], None));
    assert_eq!(v["count"], 20);
    assert!(v["moves"].as_array().unwrap().iter().any(|m| m == "nAf3"));
    let v = json(&run(
        &[
            "moves",
            "--game",
            "portal-howe",
            "--position",
            MATE,
            "--notation",
            "ascii",
            "--json",
        ],
        None,
    ));
    assert_eq!(v["moves"], serde_json::json!(["nAa5->Ba5#"]));
}

#[test]
fn validate_accepts_good_records_and_spans_bad_ones() {
    let o = run(
        &["validate", "--game", "portal-howe", "--json", "-"],
        Some(SWAP),
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let bad = GAME.replace("2:Bh4", "2:Ah4");
    let o = run(
        &["validate", "--game", "portal-howe", "--json", "-"],
        Some(&bad),
    );
    assert_eq!(o.status.code(), Some(1));
    let text = serde_json::to_string(&json(&o)).unwrap();
    assert!(text.contains("WrongArea"), "{text}");
    let o = run(
        &["validate", "--game", "portal-howe", "-"],
        Some(&GAME.replace("Ba5", "a5")),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("MissingArea")
            || String::from_utf8_lossy(&o.stdout).contains("MissingArea")
    );
}

#[test]
fn parse_and_convert_print_canonically() {
    let o = run(&["parse", "--game", "portal-howe", "-"], Some(SWAP));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("20:Aa4→? Ba4→? 21:Aa4→Ba4 Ba4→Aa4 *"), "{out}");
    let v = json(&run(
        &["parse", "--game", "portal-howe", "--json", "-"],
        Some(GAME),
    ));
    assert_eq!(v["format"], "howe");
    assert_eq!(
        v["syntax"]["records"][0]["plies"].as_array().unwrap().len(),
        4
    );
    let o = run(
        &["convert", "--game", "portal-howe", "--to", "position", "-"],
        Some(GAME),
    );
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        "rnbq1bnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR rnbqkbnr/1ppppppp/8/p7/7P/8/PPPPPPP1/RNBQ1BNR wA KQ/kq e6/h3 - 0 3"
    );
    let o = run(
        &["convert", "--game", "portal-howe", "--to", "ascii", "-"],
        Some(SWAP),
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("21:Aa4->Ba4 Ba4->Aa4"));
}

#[test]
fn solve_and_render() {
    let v = json(&run(
        &[
            "solve",
            "--game",
            "portal-howe",
            "--position",
            MATE,
            "--mate-in",
            "1",
            "--json",
        ],
        None,
    ));
    assert_eq!(v["result"], "solved");
    assert_eq!(v["keys"], serde_json::json!(["nAa5→Ba5#"]));
    assert_eq!(v["unique"], true);
    let v = json(&run(
        &[
            "render",
            "--game",
            "portal-howe",
            "--position",
            MATE,
            "--json",
        ],
        None,
    ));
    let text = serde_json::to_string(&v).unwrap();
    assert!(text.contains("area B") && text.contains("bAa5"), "{text}");
}

#[test]
fn bad_position_is_a_usage_error_with_the_rule() {
    let o = run(
        &[
            "moves",
            "--game",
            "portal-howe",
            "--position",
            "8/8/8/8/8/8/8/8 4k3/8/8/8/8/8/8/8 wA -/- -/- - 0 1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("king"));
}

#[test]
fn diagnostics_are_rendered_on_the_culprit() {
    // White's second ply is in B; the record plays it in A
    let o = run(
        &["validate", "-"],
        Some("[Variant \"portal-howe\"]\n\n1:Ae4 Ba5 2:Ad4 *\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    insta::assert_snapshot!("howe_wrong_area", err(&o));
    // after an intent the next own ply is its execution
    let o = run(
        &["validate", "-"],
        Some("[Variant \"portal-howe\"]\n\n1:Aa4 Bh5 2:Bh4 Ah6 3:Aa4→? Bb6 4:Bb3 *\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    insta::assert_snapshot!("howe_execution_due", err(&o));
}
