//! The `hensoku` binary for `--game chess` and `--game portal-hidden`: output shapes, exit
//! codes and diagnostics (snapshotted).

use crate::common::bin::{err, json, out, run};

#[test]
fn chess_perft_and_divide() {
    let o = run(
        &["perft", "--game", "chess", "--depth", "3", "--json"],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(json(&o)["nodes"], 8902);
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = run(
        &[
            "perft",
            "--game",
            "chess",
            "--position",
            kiwi,
            "--depth",
            "2",
            "--divide",
            "--json",
        ],
        None,
    );
    let v = json(&o);
    assert_eq!(v["nodes"], 2039);
    assert_eq!(v["divide"].as_array().unwrap().len(), 48);
}

#[test]
fn chess_moves_in_san_and_uci() {
    let v = json(&run(&["moves", "--game", "chess", "--json"], None));
    assert_eq!(v["count"], 20);
    assert!(v["moves"].as_array().unwrap().iter().any(|m| m == "Nf3"));
    let v = json(&run(
        &["moves", "--game", "chess", "--notation", "uci", "--json"],
        None,
    ));
    assert!(v["moves"].as_array().unwrap().iter().any(|m| m == "g1f3"));
}

#[test]
fn chess_validate_reports_rule_span_and_exit_code() {
    let text = "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n";
    let o = run(&["validate", "--game", "chess", "--json", "-"], Some(text));
    assert_eq!(o.status.code(), Some(1));
    let v = json(&o);
    let e = &v["errors"][0];
    assert_eq!(
        (
            e["rule"].as_str(),
            e["ply"].as_u64(),
            e["line"].as_u64(),
            e["column"].as_u64()
        ),
        (Some("IllegalMovement"), Some(3), Some(3), Some(13))
    );
    let o = run(&["validate", "--game", "chess", "-"], Some(text));
    insta::assert_snapshot!("chess_validate_human", err(&o));
}

#[test]
fn chess_bad_fen_is_a_usage_error_with_a_span() {
    let o = run(
        &[
            "render",
            "--game",
            "chess",
            "--position",
            "KK6/8/8/8/8/8/8/7k w - - 0 1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    insta::assert_snapshot!("chess_two_white_kings", err(&o));
    let o = run(
        &[
            "render",
            "--game",
            "chess",
            "--position",
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            "--json",
        ],
        None,
    );
    assert_eq!(json(&o)["error"]["problem"]["rule"], "PawnOnBackRank");
}

#[test]
fn chess_convert_and_parse() {
    let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *";
    let o = run(
        &["convert", "--game", "chess", "--to", "uci", "-"],
        Some(text),
    );
    assert_eq!(out(&o), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6\n");
    let o = run(
        &["convert", "--game", "chess", "--to", "fen", "-"],
        Some(text),
    );
    assert_eq!(
        out(&o),
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4\n"
    );
    let o = run(
        &["parse", "--game", "chess", "-"],
        Some("1.e4 e5 2.Nf3 {develops} Nc6 $1 *"),
    );
    assert_eq!(out(&o), "1. e4 e5 2. Nf3 {develops} 2... Nc6 $1 *\n\n");
}

#[test]
fn chess_solve_mate_in_two_with_tries_and_json() {
    let fen = "3n4/1R6/p5k1/2B5/1P3PK1/r7/8/8 w - - 1 1";
    let o = run(
        &[
            "solve",
            "--game",
            "chess",
            "--position",
            fen,
            "--mate-in",
            "2",
            "--json",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let v = json(&o);
    assert_eq!(v["result"], "solved");
    assert_eq!(v["length"]["value"], 2);
    assert!(!v["tree"][0]["defences"].as_array().unwrap().is_empty());
    let o = run(
        &[
            "solve",
            "--game",
            "chess",
            "--position",
            fen,
            "--mate-in",
            "1",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1), "no mate in 1");
    let o = run(
        &[
            "solve",
            "--game",
            "chess",
            "--position",
            fen,
            "--mate-in",
            "2",
            "--tries",
        ],
        None,
    );
    insta::assert_snapshot!(
        "chess_solve_text",
        out(&o)
            .lines()
            .filter(|l| !l.contains(" ms"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn chess_solve_a_puzzle_file() {
    let o = run(
        &["solve", "puzzles/chess/sunfish-sound.pgn", "--json"],
        None,
    );
    let v = json(&o);
    assert_eq!(v["unique"], true);
    assert_eq!(v["keys"][0], "Nf3");
}

#[test]
fn hidden_moves_perft_and_validate() {
    let v = json(&run(&["moves", "--game", "portal-hidden", "--json"], None));
    assert_eq!(v["count"], 16);
    let v = json(&run(
        &["perft", "--game", "portal-hidden", "--depth", "2", "--json"],
        None,
    ));
    assert_eq!(v["nodes"], 256);
    let bad = "[Variant \"portal-hidden\"]\n\n1. f3 a6 2. fxe4→c4 *\n";
    let o = run(&["validate", "-"], Some(bad));
    assert_eq!(o.status.code(), Some(1));
    insta::assert_snapshot!("hidden_teleport_without_portal", err(&o));
    let arrow = "[Variant \"portal-hidden\"]\n\n1. f3 a6 2. fxg4⇒c4 *\n";
    let v = json(&run(&["validate", "--json", "-"], Some(arrow)));
    assert_eq!(v["errors"][0]["rule"], "ArrowForm");
    assert_eq!(v["errors"][0]["column"], 17);
}

#[test]
fn hidden_convert_to_ascii_and_position() {
    let text = "[Variant \"portal-hidden\"]\n\n1. f3 a6 2. fxg4→c4 *\n";
    let o = run(&["convert", "--to", "pgn-ascii", "-"], Some(text));
    assert!(out(&o).contains("2. fxg4->c4 *"), "{}", out(&o));
    let o = run(&["convert", "--to", "position", "-"], Some(text));
    assert_eq!(
        out(&o),
        "rnbqkbnr/1ppppppp/p7/8/2P5/8/PPPPP1PP/RNBQKBNR b KQkq - 0 2 f3,b4,c4,f4,b5,c5,f5,g5\n"
    );
}

#[test]
fn hidden_solve_puzzle_line() {
    let line = "1k6/8/3N4/8/4R3/2K5/8/2Q5 w - - 0 1 d2,g4,h7 goal mate 2; key Qxd2→h7;";
    let v = json(&run(
        &["solve", "--game", "portal-hidden", "--json", "-"],
        Some(line),
    ));
    assert_eq!(v["keys"][0], "Qxd2→h7");
    assert_eq!(v["unique"], true);
}

#[test]
fn buckley_moves_validate_convert_solve() {
    let v = json(&run(&["moves", "--game", "portal-buckley", "--json"], None));
    assert_eq!(v["count"], 27);
    let v = json(&run(
        &[
            "perft",
            "--game",
            "portal-buckley",
            "--depth",
            "2",
            "--json",
        ],
        None,
    ));
    assert!(v["nodes"].as_u64().unwrap() > 27 * 20);
    let rec = "[Variant \"portal-buckley\"]\n[FEN \"7k/4p3/8/8/8/8/8/R3K3 w - - 0 1 e4:a5\"]\n\n1. Ra5->xe7 Kg8 2. @e4-e5 *\n";
    let o = run(&["convert", "--to", "pgn", "-"], Some(rec));
    assert!(
        out(&o).contains("1. Ra5→xe7 Kg8 2. @e4-e5 *"),
        "{}",
        out(&o)
    );
    let o = run(&["convert", "--to", "position", "-"], Some(rec));
    assert_eq!(out(&o), "6k1/4R3/8/8/8/8/8/4K3 b - - 2 2 e5:a5\n");
    let bad = "[Variant \"portal-buckley\"]\n\n1. e4 *\n";
    let o = run(&["validate", "-"], Some(bad));
    assert_eq!(o.status.code(), Some(1));
    insta::assert_snapshot!("buckley_move_onto_portal", err(&o));
    let line = "8/K7/2k5/8/8/5R1Q/8/8 w - - 0 1 e3:e5 goal mate 2; key Re3→d5;";
    let v = json(&run(
        &["solve", "--game", "portal-buckley", "--json", "-"],
        Some(line),
    ));
    assert_eq!(v["keys"][0], "Re3→d5");
}

/// Portal squares are drawn: `o` on an empty one in the ASCII diagram, a ring (and the
/// owner or stack label) in the SVG; a stack of two Hidden portals is labelled `×2`.
#[test]
fn render_shows_the_portals() {
    let dir = std::env::temp_dir().join(format!("hensoku-portal-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("b.svg");
    let o = run(
        &[
            "render",
            "--game",
            "portal-buckley",
            "--position",
            "R1k1K3/8/8/8/8/8/8/8 w - - 0 1 d6:b8",
            "--ascii",
            "--svg",
            svg.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(
        out(&o).starts_with("8  R o k . K . . .\n7  . . . . . . . .\n6  . . . o . . . .\n"),
        "{}",
        out(&o)
    );
    assert!(out(&o).contains("portals: W d6, K b8"), "{}", out(&o));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(picture.matches("<circle").count(), 2);
    assert!(picture.contains(">W</text>") && picture.contains(">K</text>"));
    let hidden = dir.join("h.svg");
    let o = run(
        &[
            "render",
            "--game",
            "portal-hidden",
            "--position",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 c4,c4,f5",
            "--svg",
            hidden.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let picture = std::fs::read_to_string(&hidden).unwrap();
    assert_eq!(picture.matches("<circle").count(), 2);
    assert!(picture.contains(">×2</text>"));
    std::fs::remove_dir_all(&dir).unwrap();
}
