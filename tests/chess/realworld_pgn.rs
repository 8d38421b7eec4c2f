//! Real-world PGN and 5DPGN records (`tests/realworld/chess/`, `tests/realworld/fived/`,
//! origins in `tests/realworld/SOURCES.md`): what `validate` makes of every file is pinned
//! here, and the forms other programs write (a BOM, `1. ...`, `e.p.`, UCI moves, suffix
//! annotations, `Variant` and short `Board` names) read as they mean.

use crate::common::bin::{json, out, run};

const CHESS: &str = "tests/realworld/chess/made";
const FIVED: &str = "tests/realworld/fived/made";

/// Every JSON document `validate --json` prints for a file: one a record.
fn validate(game: &str, path: &str) -> Vec<serde_json::Value> {
    let o = run(&["validate", "--json", "--game", game, path], None);
    serde_json::Deserializer::from_str(&out(&o))
        .into_iter::<serde_json::Value>()
        .map(|v| v.unwrap())
        .collect()
}

/// A record's verdict: plies, then `valid` or the first rule broken.
fn verdict(doc: &serde_json::Value) -> (u64, String) {
    let plies = doc["plies"].as_u64().unwrap();
    match doc["errors"].as_array().unwrap().first() {
        None => (plies, "valid".into()),
        Some(e) => (plies, e["rule"].as_str().unwrap().into()),
    }
}

#[test]
fn every_chess_file_reads_as_pinned() {
    let expected: &[(&str, &[(u64, &str)])] = &[
        ("antichess.pgn", &[(0, "UnsupportedVariant")]),
        ("atomic.pgn", &[(0, "UnsupportedVariant")]),
        ("bom-crlf.pgn", &[(7, "valid"), (3, "valid")]),
        ("chess960-inner-rook.pgn", &[(8, "valid"), (8, "valid")]),
        ("chess960-no-castling.pgn", &[(4, "valid")]),
        ("chess960-orthodox-castling.pgn", &[(8, "valid")]),
        ("chess960-shredder-fen.pgn", &[(8, "valid")]),
        ("crazyhouse.pgn", &[(0, "UnsupportedVariant")]),
        ("ellipsis-token.pgn", &[(3, "valid")]),
        ("en-passant-ep.pgn", &[(12, "valid")]),
        ("suffix-annotations.pgn", &[(14, "valid")]),
        ("suffix-apart-and-nag.pgn", &[(4, "valid")]),
        ("uci-movetext.pgn", &[(8, "valid"), (2, "IllegalMovement")]),
    ];
    let mut files: Vec<String> = std::fs::read_dir(CHESS)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let listed: Vec<&str> = expected.iter().map(|e| e.0).collect();
    assert_eq!(files, listed, "every file of the folder is pinned here");
    for (file, records) in expected {
        let docs = validate("chess", &format!("{CHESS}/{file}"));
        let got: Vec<(u64, String)> = docs.iter().map(verdict).collect();
        let want: Vec<(u64, String)> = records.iter().map(|&(p, v)| (p, v.into())).collect();
        assert_eq!(got, want, "{file}");
    }
}

#[test]
fn a_variant_hensoku_does_not_play_is_named_at_its_tag() {
    let docs = validate("chess", &format!("{CHESS}/atomic.pgn"));
    let e = &docs[0]["errors"][0];
    assert!(e["message"].as_str().unwrap().contains("`Atomic`"), "{e}");
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(8), Some(11))
    );
}

/// Chess960 castling from a start with the king on g1 between rooks on f1 and h1: `O-O-O`
/// puts king and rook on c1 and d1, UCI writes it as the king taking its rook (`g1f1`),
/// and the same game written in UCI replays to the same end.
#[test]
fn chess960_castling_with_an_inner_rook() {
    let path = format!("{CHESS}/chess960-inner-rook.pgn");
    let o = run(&["convert", "--game", "chess", "--to", "uci", &path], None);
    let uci = "e2e3 c8e7 e1f3 d8c7 d1e2 g8f8 g1f1 d6d5";
    assert_eq!(out(&o).lines().collect::<Vec<_>>(), [uci, uci]);
    let o = run(&["convert", "--game", "chess", "--to", "fen", &path], None);
    let end = "bqkr3r/ppb1nppp/4pn2/2pp4/5P2/P2PPN2/NPP1B1PP/BQKR3R w - - 0 13";
    assert_eq!(out(&o).lines().collect::<Vec<_>>(), [end, end]);
}

/// X-FEN prints `KQkq` for the outermost rooks and a file letter for an inner one;
/// Shredder-FEN's letters read the same rights.
#[test]
fn chess960_castling_rights_print_as_x_fen() {
    let parse_position = |t: &str| t.parse::<hensoku::chess::Position>();
    let to_fen = |p: &hensoku::chess::Position| p.to_string();
    for (written, printed) in [
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
        ),
        (
            "rr2k3/8/8/8/8/8/8/R4RK1 w Fb - 0 1",
            "rr2k3/8/8/8/8/8/8/R4RK1 w Fb - 0 1",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ),
    ] {
        assert_eq!(to_fen(&parse_position(written).unwrap()), printed);
    }
}

#[test]
fn a_uci_move_that_is_illegal_says_uci() {
    let docs = validate("chess", &format!("{CHESS}/uci-movetext.pgn"));
    let e = &docs[1]["errors"][0];
    assert_eq!(e["ply"], 3);
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .starts_with("read as a UCI move"),
        "{e}"
    );
}

#[test]
fn suffix_annotations_survive_conversion_and_show_in_json() {
    let path = format!("{CHESS}/suffix-annotations.pgn");
    let o = run(&["convert", "--game", "chess", "--to", "pgn", &path], None);
    assert!(o.status.success());
    let text = out(&o);
    assert!(
        text.contains("3. Bc4 Nd4 $6 4. Nxe5 $2 Qg5 $1 5. Nxf7 $4 Qxg2"),
        "{text}"
    );
    let o = run(&["parse", "--json", "--game", "chess", &path], None);
    let moves = json(&o)["syntax"]["records"][0]["moves"].clone();
    let nags: Vec<(String, serde_json::Value)> = moves
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| !m["nags"].as_array().unwrap().is_empty())
        .map(|m| (m["text"].as_str().unwrap().to_string(), m["nags"].clone()))
        .collect();
    let want = [("Nd4?!", 6), ("Nxe5?", 2), ("Qg5!", 1), ("Nxf7??", 4)];
    let want: Vec<(String, serde_json::Value)> = want
        .iter()
        .map(|&(t, n)| (t.to_string(), serde_json::json!([n])))
        .collect();
    assert_eq!(nags, want);
    // written apart from the move, and next to a `$` NAG
    let path = format!("{CHESS}/suffix-apart-and-nag.pgn");
    let o = run(&["convert", "--game", "chess", "--to", "pgn", &path], None);
    assert!(out(&o).contains("1. e4 $5 e5 $1 2. f4 $3 exf4 $4 *"));
}

#[test]
fn a_bom_makes_no_phantom_record() {
    let o = run(
        &[
            "parse",
            "--json",
            "--game",
            "chess",
            &format!("{CHESS}/bom-crlf.pgn"),
        ],
        None,
    );
    // a document a record, as it is read
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .flat_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["syntax"]["records"].as_array().unwrap().clone()
        })
        .collect();
    assert_eq!(records.len(), 2);
    assert_eq!(
        records[0]["tags"][0],
        serde_json::json!(["Event", "Club championship"])
    );
}

#[test]
fn short_board_names_of_5d_chess_js_read_as_the_long_ones() {
    let expected = [
        ("princess-short.5dpgn", "Standard - Princess", 4),
        (
            "reversed-royalty-internal.5dpgn",
            "Standard - Reversed Royalty",
            2,
        ),
        ("standard-lowercase.5dpgn", "Standard", 2),
        ("turn-zero-internal.5dpgn", "Standard - Turn Zero", 0),
        (
            "two-timelines-no-family.5dpgn",
            "Standard - Two Timelines",
            0,
        ),
    ];
    let mut files: Vec<String> = std::fs::read_dir(FIVED)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, expected.map(|e| e.0.to_string()));
    for (file, long, plies) in expected {
        let path = format!("{FIVED}/{file}");
        let docs = validate("fived", &path);
        assert_eq!(verdict(&docs[0]), (plies, "valid".into()), "{file}");
        let o = run(
            &["convert", "--game", "fived", "--to", "5dpgn", &path],
            None,
        );
        assert!(out(&o).contains(&format!("[Board \"{long}\"]")), "{file}");
    }
    let o = run(
        &["validate", "--game", "fived", "-"],
        Some("[Board \"Empress\"]\n"),
    );
    assert_eq!(o.status.code(), Some(1));
}
