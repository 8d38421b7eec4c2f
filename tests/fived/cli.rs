//! `hensoku … --game fived`: exit codes, JSON, and diagnostics snapshots.

use std::process::Command;

fn hensoku(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hensoku"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// The path of a 5D file of the public test data, or a return from the test (the skip said).
macro_rules! data {
    ($rel:expr $(,)?) => {
        public_path!(format!("5d/{}", $rel))
            .to_string_lossy()
            .into_owned()
    };
}

fn temp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("hensoku-fived-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.to_string_lossy().into_owned()
}

#[test]
fn validate_a_legal_game() {
    let (code, out, _) = hensoku(&[
        "validate",
        "--game",
        "fived",
        &data!("penteract__cwmtt/tests/5dpgn/standard.5dpgn"),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("valid, 16 plies"), "{out}");
}

#[test]
fn validate_json_reports_checkmate() {
    let f = data!("adri326__5dchess-tools@v2/tests/games/puzzles/rook-tactics-1.5dpgn");
    let puzzle = std::fs::read_to_string(&f).expect("read");
    let mated = temp("mated.5dpgn", &format!("{puzzle}\n3. (0T3)Re1e5\n"));
    let (code, out, _) = hensoku(&["validate", "--game", "fived", "--json", &mated]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["valid"], true);
    assert_eq!(v["result"]["reason"], "checkmate");
    assert_eq!(v["plies"], 5);
}

#[test]
fn unknown_board_is_invalid_with_its_rule() {
    let (code, out, _) = hensoku(&[
        "validate",
        "--game",
        "fived",
        "--json",
        &data!("penteract__cwmtt/tests/5dpgn/JustKings.5dpgn"),
    ]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["errors"][0]["rule"], "UnknownBoard");
    assert_eq!(v["errors"][0]["line"], 2);
}

#[test]
fn diagnostics_snapshot() {
    let bad = temp(
        "bad.5dpgn",
        "[Board \"Standard\"]\n\n1. e4 / e5\n2. (0T2)Nb1>>(0T1)b3 / (0T2)Nb8c6\n3. (0T3)Nf3\n",
    );
    let (code, out, _) = hensoku(&["validate", "--game", "fived", "--json", &bad]);
    assert_eq!(code, 1);
    let mut v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    v["file"] = "bad.5dpgn".into();
    insta::assert_snapshot!(
        "fived_missing_mandatory",
        serde_json::to_string_pretty(&v).expect("json")
    );
    let fen = temp(
        "fen.5dpgn",
        "[Board \"custom\"]\n[Size \"5x5\"]\n[4k/5/5/5/K1R:0:1:w]\n",
    );
    let (code, _, err) = hensoku(&["validate", "--game", "fived", &fen]);
    assert_eq!(code, 1);
    assert!(err.contains("FenSize"), "{err}");
}

#[test]
fn parse_prints_canonically_and_convert_round_trips_vectors() {
    let f = data!("penteract__cwmtt/tests/5dpgn/small.5dpgn");
    let (code, canon, _) = hensoku(&["parse", "--game", "fived", &f]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("fived_small_canonical", canon);
    let (code, vectors, _) = hensoku(&["convert", "--game", "fived", "--to", "vector", &f]);
    assert_eq!(code, 0);
    assert!(vectors.contains("(0T1)Ng8(2,0,-1,0)"), "{vectors}");
    let vf = temp("small-vectors.5dpgn", &vectors);
    let (code, back, _) = hensoku(&["convert", "--game", "fived", "--to", "5dpgn", &vf]);
    assert_eq!(code, 0);
    assert_eq!(back, canon);
}

#[test]
fn moves_perft_and_solve() {
    let (code, out, _) = hensoku(&["perft", "--game", "fived", "--depth", "2"]);
    assert_eq!(code, 0);
    assert!(out.contains("400"), "{out}");
    let (code, out, _) = hensoku(&[
        "moves",
        "--game",
        "fived",
        "--position",
        "[4k/5/5/5/K1R2:0:1:w]",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 3 + 7, "{out}");
    let f = data!("adri326__5dchess-tools@v2/tests/games/puzzles/rook-tactics-1.5dpgn");
    let (code, out, _) = hensoku(&["solve", "--game", "fived", "--json", &f]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["unique"], true);
    assert_eq!(v["keys"][0], "(0T3)Re5#");
    assert_eq!(v["length"]["unit"], "turns");
}

#[test]
fn render_draws_the_multiverse() {
    let f = data!("penteract__cwmtt/tests/5dpgn/small.5dpgn");
    let svg = temp("small.svg", "");
    let (code, _, err) = hensoku(&["render", "--game", "fived", "--file", &f, "--svg", &svg]);
    assert_eq!(code, 0, "{err}");
    let out = std::fs::read_to_string(&svg).expect("svg written");
    assert!(
        out.starts_with("<svg") && out.contains("present") && out.contains("marker-end"),
        "{out}"
    );
    let (code, out, _) = hensoku(&["render", "--game", "fived", "--ascii", "--file", &f]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("fived_small_terminal", out);
}

#[test]
fn bad_input_is_a_usage_error_not_a_panic() {
    for text in [
        "[Board \"Standard\"\n1. e4",
        "1. (0T1)e4 {unclosed",
        "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-0:1:w]\n1. e4",
        "1. e4 )",
    ] {
        let f = temp("broken.5dpgn", text);
        let (code, _, err) = hensoku(&["validate", "--game", "fived", &f]);
        assert!(code == 1 || code == 2, "{text}: {code} {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Nine timelines, each a board of rooks, kings and pawns with White to move: a number of
/// actions near the product of the boards' counts, far too many to list.
fn nine_timelines() -> String {
    let mut text = String::from("[Mode \"5D\"]\n[Board \"custom\"]\n[Size \"8x8\"]\n");
    for l in -4..=4 {
        text.push_str(&format!(
            "[r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R:{l}:1:w]\n"
        ));
    }
    text
}

/// `moves` lists each playable board's moves at once, however wide the multiverse; whole
/// actions only with `--actions`, as they are found, stopped by `--nodes` with exit 1. On one
/// board a move is an action, and both lists are the same.
#[test]
fn moves_lists_each_board_and_actions_only_when_asked() {
    let wide = nine_timelines();
    let (code, out, _) = hensoku(&["moves", "--game", "fived", "--position", &wide]);
    assert_eq!(code, 0);
    let boards: std::collections::BTreeSet<&str> = out
        .lines()
        .map(|l| &l[..l.find(')').unwrap() + 1])
        .collect();
    assert_eq!(boards.len(), 9, "{boards:?}");
    assert!(out.lines().count() > 9 * 15, "{out}");
    let limited = ["--actions", "--nodes", "50"];
    let args = [
        &["moves", "--game", "fived", "--position", &wide][..],
        &limited,
    ]
    .concat();
    let (code, out, err) = hensoku(&args);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out.lines().count(), 50);
    // every action moves on every board whose present it is
    assert!(out.lines().all(|l| l.split(' ').count() == 9), "{out}");
    assert!(err.contains("partial"), "{err}");
    let (code, out, _) = hensoku(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["unit"].as_str(), v["complete"].as_bool()),
        (Some("action"), Some(false))
    );
    let (_, moves, _) = hensoku(&["moves", "--game", "fived"]);
    let (code, actions, _) = hensoku(&["moves", "--game", "fived", "--actions"]);
    assert_eq!(code, 0);
    assert_eq!(moves.lines().count(), 20);
    assert_eq!(moves, actions);
    let (code, _, err) = hensoku(&["moves", "--game", "chess", "--actions"]);
    assert_eq!(code, 2, "{err}");
}
