//! `hensoku … --game quantum` as scripts see it: output shapes, exit codes, diagnostics.

use crate::common::bin::{json, out, run};

#[test]
fn perft_counts_distinct_moves() {
    let o = run(
        &["perft", "--game", "quantum", "--depth", "2", "--json"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(json(&o)["nodes"], 2_982);
    let o = run(
        &[
            "perft", "--game", "quantum", "--depth", "2", "--divide", "--json",
        ],
        None,
    );
    let parts = json(&o)["divide"].as_array().unwrap().clone();
    assert_eq!(parts.len(), 56);
    assert_eq!(
        parts
            .iter()
            .map(|p| p["nodes"].as_u64().unwrap())
            .sum::<u64>(),
        2_982
    );
}

#[test]
fn moves_prints_end_marks_and_long_forms() {
    let q = "2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1";
    let o = run(
        &[
            "moves",
            "--game",
            "quantum",
            "--position",
            q,
            "--notation",
            "long",
            "--json",
        ],
        None,
    );
    let v = json(&o);
    assert_eq!(v["count"], 8);
    assert!(
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "c2@NE;xd3,e4*,g6#")
    );
}

#[test]
fn validate_infers_the_game_from_the_extension_and_reports_rules() {
    let o = run(
        &[
            "validate",
            "--json",
            "tests/fixtures/quantum/bad.qgn",
            "tests/fixtures/quantum/good.qgn",
            "tests/fixtures/quantum/lock.qgn",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let e = &lines[0]["errors"][0];
    assert_eq!(
        (
            e["rule"].as_str(),
            e["ply"].as_u64(),
            e["line"].as_u64(),
            e["column"].as_u64()
        ),
        (Some("JumpBackOverSamePiece"), Some(1), Some(3), Some(12))
    );
    assert_eq!(lines[1]["valid"], true);
    assert_eq!(lines[1]["plies"], 4);
    assert_eq!(lines[2]["errors"][0]["rule"], "AbsorberJustMoved");
}

#[test]
fn validate_diagnostic_is_rendered_with_its_label() {
    let o = run(&["validate", "tests/fixtures/quantum/bad.qgn"], None);
    assert_eq!(o.status.code(), Some(1));
    insta::assert_snapshot!(
        "quantum_validate_report",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_qfen_file_is_validated_as_a_position() {
    let o = run(
        &["validate", "--json", "tests/fixtures/quantum/start.qfen"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(json(&o)["valid"], true);
}

#[test]
fn a_bad_position_is_a_usage_error_naming_its_rule() {
    let o = run(
        &[
            "moves",
            "--game",
            "quantum",
            "--position",
            "ssss/sssss/6/1XXXXX1/S5/SSSSS/SSSS r 0:0 -",
            "--json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    let line = err.lines().last().unwrap_or("").to_string();
    let v: serde_json::Value = serde_json::from_str(&line)
        .or_else(|_| serde_json::from_str(&out(&o)))
        .unwrap();
    assert_eq!(v["error"]["problem"]["rule"], "TooManyCylinders");
}

#[test]
fn parse_and_convert_print_canonically() {
    let o = run(&["parse", "tests/fixtures/quantum/good.qgn"], None);
    assert_eq!(o.status.code(), Some(0));
    assert!(out(&o).ends_with("1. a1~c3 Xd4-e5 2. a3~c5^e7 f7xd7 *\n"));
    let o = run(
        &["convert", "tests/fixtures/quantum/good.qgn", "--to", "long"],
        None,
    );
    assert_eq!(out(&o), "a1~c3\nXd4-e5\na3~c5^e7\nf7xd7;xe7\n");
    let o = run(
        &["convert", "tests/fixtures/quantum/good.qgn", "--to", "qfen"],
        None,
    );
    assert_eq!(out(&o), "ssss/ssss1/3X2/1XX1XXs/2S3/SLSLS/1S1S r 0:0 - 3\n");
    let o = run(
        &["parse", "--json", "tests/fixtures/quantum/good.qgn"],
        None,
    );
    let v = json(&o);
    assert_eq!(
        v["syntax"]["records"][0]["moves"][0]["syntax"]["action"]["kind"],
        "chain"
    );
}

#[test]
fn solve_a_puzzle_file_and_a_puzzle_line() {
    let o = run(
        &[
            "solve",
            "--json",
            "puzzles/quantum/12-spec-t6-tiebreak.puzzle",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(v["keys"], serde_json::json!(["a1@NE"]));
    assert_eq!(v["unique"], true);
    assert_eq!(v["stipulation"]["goal"], "win");
    let o = run(
        &[
            "solve",
            "--game",
            "quantum",
            "--position",
            "s3/1S1X1/1lX3/4LC1/1ls3/5/4 r 0:0 - goal c1;",
        ],
        None,
    );
    assert!(
        out(&o).starts_with(
            "capture in 1: key f4xd2xb2xd4\nunique\nbest capture: f4xd2xb2xd4 (gain 3, 0 Absorber(s))\n"
        ),
        "{}",
        out(&o)
    );
    // no forced win in one: exit 1
    let o = run(
        &[
            "solve",
            "--game",
            "quantum",
            "--position",
            "2L1/3X1/2s3/7/2s2X/1l2S/Cl2 r 0:0 -",
            "--mate-in",
            "1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn render_draws_the_start_diagram_and_an_svg() {
    let dir = std::env::temp_dir().join(format!("hensoku-quantum-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("start.svg");
    let o = run(
        &[
            "render",
            "--game",
            "quantum",
            "--svg",
            svg.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    insta::assert_snapshot!("quantum_start_diagram", out(&o));
    let picture = std::fs::read_to_string(&svg).unwrap();
    // one mark per point: a dot for an empty point, a disc for a piece (no Chargers here)
    assert_eq!(picture.matches("<circle").count(), 37);
    assert_eq!(
        picture.matches("fill=\"#111\"").count(),
        5,
        "five Absorbers"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn render_shows_a_charger_as_a_stack() {
    let o = run(
        &[
            "render",
            "--game",
            "quantum",
            "--position",
            "l2c/1s3/3L2/3S3/L5/4L/3L r 0:0 -",
            "--json",
        ],
        None,
    );
    let v = json(&o);
    assert!(
        v["diagram"]
            .as_str()
            .unwrap()
            .starts_with("g     l . . c\n")
    );
}

#[test]
fn the_worked_chain_diagram_matches_the_rules_file() {
    let o = run(
        &[
            "render",
            "--game",
            "quantum",
            "--position",
            "2ss/2X1c/1s1S2/7/2l3/1S3/L3 r 0:0 -",
        ],
        None,
    );
    let expected = "\
g     . . s s
f    . . X . c
e   . s . S . .
d  . . . . . . .
c   . . l . . . 7
b    . S . . . 6
a     L . . . 5
       1 2 3 4
";
    assert!(out(&o).starts_with(expected), "{}", out(&o));
}

/// A Quantum Chamber win is no mate: the answer tree names the goal `win`.
#[test]
fn the_win_tree_says_win() {
    let o = run(
        &["solve", "puzzles/quantum/07-short-chain-win.puzzle"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let text = out(&o);
    assert!(
        text.contains("  - Xd7-c6 (1 to win)\n    2. g4xe2#\n"),
        "{text}"
    );
    assert!(!text.contains("mate"), "{text}");
}
