//! The `hensoku` binary as scripts see it: output shapes, exit codes, diagnostics.

use crate::common::bin::{err, json, out, run};

#[test]
fn perft_json_gives_depth_and_nodes() {
    let o = run(
        &["perft", "--game", "shogi", "--depth", "3", "--json"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["depth"], 3);
    assert_eq!(v["nodes"], 25_470);
}

#[test]
fn perft_divide_sums_to_the_total() {
    let o = run(&["perft", "--depth", "2", "--divide", "--json"], None);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    let parts = v["divide"].as_array().unwrap();
    assert_eq!(parts.len(), 30);
    assert_eq!(
        parts
            .iter()
            .map(|p| p["nodes"].as_u64().unwrap())
            .sum::<u64>(),
        900
    );
}

#[test]
fn moves_lists_every_legal_move() {
    let o = run(
        &[
            "moves",
            "--game",
            "shogi",
            "--position",
            "startpos",
            "--json",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["count"], 30);
    assert!(v["moves"].as_array().unwrap().iter().any(|m| m == "7g7f"));
}

#[test]
fn validate_reports_the_rule_and_span_and_exits_1() {
    let o = run(
        &[
            "validate",
            "--json",
            "tests/fixtures/shogi/nifu.usi",
            "tests/fixtures/shogi/good.usi",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "JSON Lines, one per file");
    assert_eq!(lines[0]["valid"], false);
    assert_eq!(lines[0]["plies"], 8);
    let e = &lines[0]["errors"][0];
    assert_eq!(
        (
            e["rule"].as_str(),
            e["ply"].as_u64(),
            e["line"].as_u64(),
            e["column"].as_u64()
        ),
        (Some("TwoPawns"), Some(9), Some(1), Some(67))
    );
    assert_eq!(lines[1]["valid"], true);
}

#[test]
fn validate_diagnostic_snapshot() {
    let o = run(&["validate", "tests/fixtures/shogi/nifu.usi"], None);
    assert_eq!(o.status.code(), Some(1));
    insta::assert_snapshot!(err(&o));
    assert_eq!(
        out(&o),
        "tests/fixtures/shogi/nifu.usi: INVALID, 8 plies (unfinished)\n"
    );
}

#[test]
fn unreadable_input_exits_2_with_a_diagnostic() {
    for f in [
        "tests/fixtures/shogi/junk.usi",
        "tests/fixtures/shogi/empty.usi",
        "tests/fixtures/shogi/does-not-exist.usi",
    ] {
        let o = run(&["validate", f], None);
        assert_eq!(o.status.code(), Some(2), "{f}");
        assert!(!err(&o).is_empty());
    }
    let o = run(
        &["validate", "--json", "tests/fixtures/shogi/junk.usi"],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(
        (v["valid"].as_bool(), v["errors"][0]["rule"].as_str()),
        (Some(false), Some("Encoding"))
    );
}

#[test]
fn a_bad_sfen_is_a_usage_error_with_its_rule() {
    let o = run(
        &["render", "--position", "KKKKKKKKK/K8/9/9/9/9/9/9/9 b - 1"],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    insta::assert_snapshot!(err(&o));
}

#[test]
fn unknown_game_and_bad_arguments_exit_2() {
    assert_eq!(
        run(&["perft", "--game", "no-such-game", "--depth", "1"], None)
            .status
            .code(),
        Some(2)
    );
    assert_eq!(run(&["perft"], None).status.code(), Some(2));
    assert_eq!(run(&["frobnicate"], None).status.code(), Some(2));
}

/// A file whose game cannot be told exits 2 naming every `--game` value.
#[test]
fn an_unknown_file_kind_names_every_game() {
    let o = run(&["validate", "-"], Some("just some words\n"));
    assert_eq!(o.status.code(), Some(2));
    let all = "shogi, chess, shogi-cards, shelt, portal-howe, portal-hidden, portal-buckley, fived, quantum";
    assert!(
        err(&o).contains(&format!("pass --game ({all})")),
        "{}",
        err(&o)
    );
}

#[test]
fn convert_to_sfen_gives_the_final_position() {
    let o = run(
        &["convert", "tests/fixtures/shogi/good.usi", "--to", "sfen"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    // worked out by hand from the eight moves of the fixture
    assert_eq!(
        out(&o),
        "lnsgkg1nl/1r5s1/ppppp1bpp/5pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9\n"
    );
}

#[test]
fn render_writes_an_svg_and_a_diagram() {
    let dir = std::env::temp_dir().join(format!("hensoku-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("start.svg");
    let o = run(&["render", "--svg", svg.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0));
    assert!(out(&o).contains("|v香v桂v銀v金v玉v金v銀v桂v香|一"));
    let pic = std::fs::read_to_string(&svg).unwrap();
    // 40 pieces on the board, each an outline drawn from one definition per kind and side
    assert!(pic.starts_with("<svg") && pic.matches("<use href=\"#h-sp-").count() == 40);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hensoku-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_ten_megabyte_line_gets_a_short_diagnostic() {
    let dir = temp_dir("big");
    for (name, text) in [
        (
            "big.usi",
            format!("position startpos moves {}\n", "7g7f".repeat(2_500_000)),
        ),
        (
            "big.csa",
            format!("V2.2\nPI\n+\n+7776FU{}\n", "A".repeat(10_000_000)),
        ),
        (
            "big.kif",
            format!(
                "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77){}\n",
                "x".repeat(10_000_000)
            ),
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let o = run(&["validate", "--json", path.to_str().unwrap()], None);
        assert_eq!(o.status.code(), Some(2), "{name}");
        let out = out(&o);
        assert!(
            out.len() < 2_000,
            "{name}: the message quotes too much ({} bytes)",
            out.len()
        );
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["errors"][0]["rule"], "Syntax", "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_conversion_writes_no_output_file() {
    let dir = temp_dir("convert");
    let out = dir.join("out.kif");
    let o = run(
        &[
            "convert",
            "tests/fixtures/shogi/nifu.usi",
            "--to",
            "kif",
            "-o",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("TwoPawns"));
    assert!(!out.exists());
    let o = run(
        &[
            "convert",
            "tests/fixtures/shogi/good.usi",
            "--to",
            "kif",
            "-o",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    // `.kif` means Shift_JIS (Kakinoki's rule)
    let bytes = std::fs::read(&out).unwrap();
    assert!(std::str::from_utf8(&bytes).is_err());
    let text = hensoku::shogi::encoding::decode(&bytes, Some("kif")).unwrap();
    assert!(text.contains("   8 ２二銀(31)"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_a_puzzle_file_as_json() {
    let o = run(
        &["solve", "--json", "puzzles/shogi/tsumemi-3te-09.puzzle"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(
        (
            v["result"].as_str(),
            v["length"]["value"].as_u64(),
            v["length"]["unit"].as_str(),
            v["unique"].as_bool()
        ),
        (Some("solved"), Some(5), Some("plies"), Some(false))
    );
    assert_eq!(v["moves"][0], "3a4b+");
    // the published key G*3c mates in five too: a cook, and a second key
    assert!(
        v["cooks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["move"] == "G*3c" && c["ply"] == 0)
    );
    assert_eq!(v["keys"], serde_json::json!(["3a4b+", "G*3c"]));
}

#[test]
fn solve_exit_codes_for_nomate_and_unknown() {
    // no mate: a lone king far from any attacker with nothing in hand
    let o = run(
        &[
            "solve",
            "--json",
            "--position",
            "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&out(&o)).unwrap()["result"],
        "no_solution"
    );
    // a node budget too small for a 13-ply problem
    let o = run(
        &[
            "solve",
            "--json",
            "--nodes",
            "50",
            "--position",
            "5n1k1/5p3/5s1p1/8N/7P1/9/9/9/9 b R2Br4g3s2n4l15p 1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["result"], "unknown");
    assert_eq!(v["stopped_by"], "nodes");
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert_eq!(v["keys"], serde_json::json!([]), "no unproven key is shown");
}

/// `--table-mb` (the same as `--memory`) bounds the table: the 13-ply s7 of
/// `compiled/hard_classics.tsv` grows the table past 1 MiB by default, and solves the same
/// within 1 MiB; the flag is refused out of range.
#[test]
fn solve_table_size_is_bounded_by_table_mb() {
    let sfen = "5n1k1/5p3/5s1p1/8N/7P1/9/9/9/9 b R2Br4g3s2n4l15p 1";
    let table = |extra: &[&str]| {
        let o = run(
            &[&["solve", "--json", "--position", sfen], extra].concat(),
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{}", err(&o));
        let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
        assert_eq!(v["length"]["value"].as_u64(), Some(13));
        v["extension"]["table_bytes"].as_u64().unwrap()
    };
    assert!(table(&[]) > 1 << 20);
    assert_eq!(table(&["--table-mb", "1"]), 1 << 20);
    assert_eq!(table(&["--memory", "1"]), 1 << 20);
    let o = run(&["solve", "--memory", "0", "--position", sfen], None);
    assert_eq!(o.status.code(), Some(2));
}

/// A node budget that lets the proof through but stops the exact pass (s7 of
/// `compiled/hard_classics.tsv`, mate in 13): a stopped search, so the answer is unknown
/// (exit 1) and names no key, but it keeps the line read from the proof, marked not exact,
/// with the lower bound the exact pass had reached; the line plays out as a valid record
/// ending in mate.
#[test]
fn solve_with_the_exact_pass_cut_short_gives_the_proofs_line() {
    let sfen = "5n1k1/5p3/5s1p1/8N/7P1/9/9/9/9 b R2Br4g3s2n4l15p 1";
    let o = run(
        &["solve", "--json", "--nodes", "35000", "--position", sfen],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(
        (
            v["result"].as_str(),
            v["length"]["exact"].as_bool(),
            v["length"]["value"].as_u64(),
            v["length"]["at_least"].as_u64(),
            v["stopped_by"].as_str()
        ),
        (Some("unknown"), Some(false), None, Some(13), Some("nodes"))
    );
    assert_eq!(v["keys"], serde_json::json!([]));
    let moves: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves.len(), 13);
    let record = format!("position sfen {sfen} moves {}\n", moves.join(" "));
    let o = run(
        &["validate", "--game", "shogi", "--json", "-"],
        Some(&record),
    );
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(
        (v["valid"].as_bool(), v["result"]["reason"].as_str()),
        (Some(true), Some("checkmate")),
        "{v}"
    );
}

/// A Shift_JIS record saved as `.kifu` (which must be UTF-8) is unreadable input.
/// Data: a Shift_JIS handicap record of our own (`tests/realworld/shogi/made/`).
#[test]
fn a_kif_in_the_wrong_encoding_exits_2() {
    let dir = temp_dir("enc");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/realworld/shogi/made/handicap-00.kif");
    let path = dir.join("9.kifu");
    std::fs::copy(src, &path).unwrap();
    let o = run(&["validate", "--json", path.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["errors"][0]["rule"], "Encoding");
    // the same bytes as .kif are read as Shift_JIS and replay without a problem
    let path = dir.join("9.kif");
    std::fs::copy(dir.join("9.kifu"), &path).unwrap();
    let o = run(&["validate", "--json", path.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn conversion_keeps_times_between_kif_and_csa_and_reports_what_it_drops() {
    let o = run(
        &["convert", "tests/fixtures/shogi/timed.kif", "--to", "csa"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let csa = out(&o);
    assert!(
        csa.contains("+7776FU\nT16\n'*初手\n-3334FU\nT5\n+2726FU\nT62\n%TORYO\n"),
        "{csa}"
    );
    assert!(err(&o).is_empty(), "nothing is dropped going to CSA");

    let o = run(
        &[
            "convert",
            "--json",
            "tests/fixtures/shogi/timed.kif",
            "--to",
            "usi",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(
        v["dropped"],
        serde_json::json!(["times", "comments", "ending"])
    );
    assert_eq!(v["text"], "position startpos moves 7g7f 3c3d 2g2f\n");

    let o = run(
        &[
            "convert",
            "--strict",
            "tests/fixtures/shogi/timed.kif",
            "--to",
            "ki2",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("cannot carry the record's times"));
}

#[test]
fn solve_a_card_puzzle_file_inferring_the_game_from_its_tag() {
    let o = run(
        &["solve", "--json", "puzzles/shogi-cards/07-t-swap.puzzle"],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(
        (v["result"].as_str(), v["length"]["value"].as_u64()),
        (Some("solved"), Some(1))
    );
    assert_eq!(v["moves"][0], "T:3a1c+,1c3a+");
    // the rules file's own example, by position
    let o = run(
        &[
            "solve",
            "--json",
            "--game",
            "shogi-cards",
            "--position",
            "8k/9/9/7L1/9/9/9/9/9 b S2r2b4g3s4n3l18p 1 I -",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(
        (v["moves"][0].as_str(), v["unique"].as_bool()),
        (Some("I:S*1b"), Some(true))
    );
}

/// Every game's `solve --json` carries the same top-level keys (the game's own fields sit
/// under `extension`), so one script reads them all.
#[test]
fn every_game_answers_solve_with_the_same_top_level_keys() {
    let puzzles = [
        "puzzles/shogi/tsumemi-1te-01.puzzle",
        "puzzles/shogi-cards/01-i-rules.puzzle",
        "puzzles/shelt/01-puzzle-a-pin-fork.shelt",
        "puzzles/fived/rook-tactics-1.5dpgn",
        "puzzles/quantum/07-short-chain-win.puzzle",
        "puzzles/quantum/01-chain-capture.puzzle",
    ];
    let positions = [
        ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
        (
            "portal-hidden",
            "8/6Q1/8/8/k7/8/8/2K1R3 w - - 0 1 d1,b4,c4,b5",
        ),
        ("portal-buckley", "R1k1K3/8/8/8/8/8/8/8 w - - 0 1 d6:b8"),
        (
            "portal-howe",
            "8/8/8/N7/8/8/8/R7 2B5/8/8/k1K5/8/2N5/8/8 wA -/- -/- - 0 1",
        ),
    ];
    let mut answers: Vec<(String, serde_json::Value)> = puzzles
        .iter()
        .map(|f| (f.to_string(), json(&run(&["solve", f, "--json"], None))))
        .collect();
    for (game, pos) in positions {
        answers.push((
            game.into(),
            json(&run(
                &[
                    "solve",
                    "--game",
                    game,
                    "--position",
                    pos,
                    "--mate-in",
                    "2",
                    "--json",
                ],
                None,
            )),
        ));
    }
    let keys =
        |v: &serde_json::Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    let first = keys(&answers[0].1);
    for (what, v) in &answers {
        assert_eq!(keys(v), first, "{what}: {v}");
        assert_eq!(v["result"], "solved", "{what}: {v}");
        assert!(
            v["unique"].is_boolean() && v["nodes"].is_u64() && v["elapsed_ms"].is_u64(),
            "{what}: {v}"
        );
        assert!(v["length"]["value"].is_u64(), "{what}: {v}");
        assert!(v["extension"].is_object(), "{what}: {v}");
    }
}

/// Endings CSA has no word for (封じ手, 不戦勝) are a named warning when converting, and
/// `--strict` refuses them; one it has (反則負け) becomes its CSA word.
#[test]
fn endings_csa_cannot_hold_warn_and_strict_refuses_them() {
    for name in ["fuujite", "fusen"] {
        let file = format!("tests/realworld/shogi/made/{name}.kifu");
        let o = run(&["convert", &file, "--to", "csa"], None);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", err(&o));
        assert!(
            err(&o).contains("cannot carry the record's ending"),
            "{name}"
        );
        let o = run(&["convert", "--strict", &file, "--to", "csa"], None);
        assert_eq!(o.status.code(), Some(1), "{name}");
    }
    let file = "tests/realworld/shogi/made/hansoku-make.kifu";
    let o = run(&["convert", "--strict", file, "--to", "csa"], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains("%+ILLEGAL_ACTION"));
}

/// An irregular KIF read as tsshogi reads it (a variation past the end of its line, a move
/// number written twice) converts with a warning; `--strict` refuses it.
#[test]
fn irregular_kif_variations_warn_and_strict_refuses_them() {
    for name in ["variation-past-end", "repeated-number"] {
        let file = format!("tests/realworld/shogi/made/{name}.kifu");
        let o = run(&["convert", &file, "--to", "usi"], None);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", err(&o));
        assert!(err(&o).contains("read as"), "{name}: {}", err(&o));
        let o = run(&["convert", "--strict", &file, "--to", "usi"], None);
        assert_eq!(o.status.code(), Some(1), "{name}");
        assert!(err(&o).contains("--strict"), "{name}: {}", err(&o));
    }
}

/// Input is decoded once, at the edge, by one function: in every game a file that is not
/// text in its format's encoding is `Encoding`, at its first bad byte, exit 2.
#[test]
fn bytes_that_are_not_text_are_encoding_in_every_game() {
    let dir = temp_dir("not-text");
    let cases = [
        ("chess", "pgn", b"1. e4 e5 \xff 2. Nf3 *\n".to_vec()),
        ("portal-hidden", "pgn", b"1. e4 e5 \xff *\n".to_vec()),
        ("portal-buckley", "pgn", b"1. d4 d5 \xff *\n".to_vec()),
        (
            "portal-howe",
            "pgn",
            b"[Event \"x\"]\n\n1:Ae4 \xff *\n".to_vec(),
        ),
        ("shelt", "shelt", b"tes,vi,pal\n\xff\n".to_vec()),
        (
            "shogi",
            "kifu",
            "手合割：平手\n   1 ７六歩(77)\n"
                .bytes()
                .chain(*b"\xff\n")
                .collect(),
        ),
        (
            "shogi-cards",
            "usi",
            b"position startpos moves 7g7f \xff\n".to_vec(),
        ),
        (
            "fived",
            "5dpgn",
            b"[Mode \"5D\"]\n[Board \"Standard\"]\n1. e3 \xff\n".to_vec(),
        ),
        ("quantum", "qgn", b"[Event \"x\"]\n\n\xff *\n".to_vec()),
    ];
    for (game, ext, bytes) in cases {
        let bad = bytes.iter().position(|&b| b == 0xff).unwrap();
        let path = dir.join(format!("{game}.{ext}"));
        std::fs::write(&path, &bytes).unwrap();
        let o = run(
            &["validate", "--json", "--game", game, path.to_str().unwrap()],
            None,
        );
        assert_eq!(o.status.code(), Some(2), "{game}");
        let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
        let p = &v["error"]["problem"];
        assert_eq!(p["rule"], "Encoding", "{game}: {v}");
        assert_eq!(p["offset"], bad, "{game}: {v}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
