//! Every command's `--json` output, for every game, success and failure alike, against the
//! schemas of `docs/schema/` (described in `docs/json.md`), and the top-level keys of one
//! command the same in every game.

use crate::common::bin::run;
use std::collections::BTreeSet;

/// One record of each game, to validate, parse and convert (`--game`, input, target notation).
const RECORDS: [(&str, &str, &str); 9] = [
    ("shogi", "position startpos moves 7g7f 3c3d 8h2b+\n", "kif"),
    (
        "shogi-cards",
        "position startpos moves 7g7f 3c3d R:8h2b+ 3a2b\n",
        "csa",
    ),
    ("chess", "1. e4 e5 2. Nf3 Nc6 *\n", "uci"),
    ("shelt", "tes,vi,pal\nfox,le,umt\n", "compact"),
    (
        "portal-howe",
        "[Variant \"portal-howe\"]\n\n1:Ae4 Ba5 2:Bh4 Ae5 *\n",
        "position",
    ),
    (
        "portal-hidden",
        "[Variant \"portal-hidden\"]\n\n1. e4 e5 *\n",
        "position",
    ),
    (
        "portal-buckley",
        "[Variant \"portal-buckley\"]\n[FEN \"7k/4p3/8/8/8/8/8/R3K3 w - - 0 1 e4:a5\"]\n\n1. Ra5->xe7 Kg8 *\n",
        "position",
    ),
    (
        "fived",
        "[Board \"Standard\"]\n\n1. e4 / e5\n2. Nf3 / Nc6\n",
        "vector",
    ),
    (
        "quantum",
        "[Game \"Quantum Chamber\"]\n1. a1~c3 Xd4-e5 2. a3~c5^e7 f7xd7 *\n",
        "qfen",
    ),
];

/// Puzzles: a file, or a puzzle line on standard input.
const PUZZLES: [(&str, &str); 11] = [
    ("shogi", "puzzles/shogi/tsumemi-3te-09.puzzle"),
    ("shogi-cards", "puzzles/shogi-cards/09-t-mate-in-3.puzzle"),
    ("chess", "puzzles/chess/sunfish-sound.pgn"),
    ("shelt", "puzzles/shelt/02-puzzle-b-accompaniment.shelt"),
    ("fived", "puzzles/fived/rook-tactics-2.5dpgn"),
    ("quantum", "puzzles/quantum/14-three-mover.puzzle"),
    ("quantum", "puzzles/quantum/01-chain-capture.puzzle"),
    ("portal-hidden", "puzzles/portal/hidden.txt"),
    ("portal-buckley", "puzzles/portal/buckley.txt"),
    ("portal-howe", "puzzles/portal/howe.txt"),
    // a short solution: chess's tries and the short-mate verdict
    ("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
];

fn schema(command: &str) -> jsonschema::Validator {
    let path = format!("docs/schema/{command}.schema.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let schema: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Run `args`, check each line of standard output against the command's schema, and return
/// the documents.
fn check(command: &str, args: &[&str], stdin: Option<&str>) -> Vec<serde_json::Value> {
    let o = run(args, stdin);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(!out.trim().is_empty(), "{args:?}: no output");
    let validator = schema(command);
    out.lines()
        .map(|line| {
            let v: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{args:?}: {e}: {line}"));
            let errors: Vec<String> = validator
                .iter_errors(&v)
                .map(|e| format!("{e} at {}", e.instance_path))
                .collect();
            assert!(errors.is_empty(), "{args:?}: {errors:?}\n{line}");
            assert_eq!(v["command"], command, "{line}");
            v
        })
        .collect()
}

fn keys(v: &serde_json::Value) -> BTreeSet<String> {
    v.as_object().unwrap().keys().cloned().collect()
}

/// The documents that succeeded have the same top-level keys.
fn same_keys(docs: &[serde_json::Value]) {
    let ok: Vec<&serde_json::Value> = docs.iter().filter(|v| v.get("error").is_none()).collect();
    assert!(!ok.is_empty());
    for v in &ok {
        assert_eq!(keys(v), keys(ok[0]), "{v}");
    }
}

fn puzzle_args(game: &str, what: &str) -> (Vec<String>, Option<String>) {
    let mut args: Vec<String> = ["solve", "--json", "--game", game].map(String::from).into();
    if what.ends_with(".txt") {
        let text = std::fs::read_to_string(what).unwrap();
        let line = text
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty());
        args.push("-".into());
        return (args, line.map(str::to_string));
    }
    if what.contains('/') && !what.contains(' ') {
        args.push(what.into());
    } else {
        args.extend(["--position", what, "--mate-in", "2", "--tries"].map(String::from));
    }
    (args, None)
}

#[test]
fn solve_documents_follow_the_schema_in_every_game() {
    let mut docs = Vec::new();
    for (game, what) in PUZZLES {
        let (args, stdin) = puzzle_args(game, what);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        docs.extend(check("solve", &args, stdin.as_deref()));
    }
    // unknown (a node limit), no solution, and failures
    let limited = [
        "solve",
        "--json",
        "--nodes",
        "3",
        "--game",
        "quantum",
        "puzzles/quantum/14-three-mover.puzzle",
    ];
    let v = check("solve", &limited, None);
    assert_eq!(
        (v[0]["result"].as_str(), v[0]["stopped_by"].as_str()),
        (Some("unknown"), Some("nodes"))
    );
    let none = [
        "solve",
        "--json",
        "--game",
        "shelt",
        "--position",
        "initial",
        "--mate-in",
        "1",
    ];
    assert_eq!(check("solve", &none, None)[0]["result"], "no_solution");
    docs.extend(v);
    for bad in [
        &["solve", "--json"][..],
        &["solve", "--json", "no-such-file.puzzle"],
        &["solve", "--json", "--game", "chess", "--position", "8/8 w"],
    ] {
        let v = check("solve", bad, None);
        assert!(v[0]["error"]["kind"].is_string(), "{bad:?}");
    }
    same_keys(&docs);
    let games: BTreeSet<&str> = docs.iter().filter_map(|v| v["game"].as_str()).collect();
    assert_eq!(games.len(), 9, "{games:?}");
}

#[test]
fn record_commands_follow_the_schemas_in_every_game() {
    let (mut validated, mut parsed, mut converted) = (vec![], vec![], vec![]);
    for (game, text, to) in RECORDS {
        let v = check(
            "validate",
            &["validate", "--json", "--game", game, "-"],
            Some(text),
        );
        assert_eq!(v[0]["valid"], true, "{game}: {}", v[0]);
        validated.extend(v);
        parsed.extend(check(
            "parse",
            &["parse", "--json", "--game", game, "-"],
            Some(text),
        ));
        let args = ["convert", "--json", "--game", game, "--to", to, "-"];
        let v = check("convert", &args, Some(text));
        assert!(v[0].get("error").is_none(), "{game}: {}", v[0]);
        converted.extend(v);
    }
    // an invalid record, an unreadable file, an unknown notation
    let v = check(
        "validate",
        &["validate", "--json", "--game", "shogi", "-"],
        Some("position startpos moves 7g7f 7g7f\n"),
    );
    assert_eq!(v[0]["valid"], false);
    validated.extend(v);
    check(
        "validate",
        &["validate", "--json", "no-such-file.usi"],
        None,
    );
    check(
        "parse",
        &["parse", "--json", "--game", "shogi", "no-such-file.usi"],
        None,
    );
    check(
        "convert",
        &[
            "convert", "--json", "--game", "shogi", "--to", "nonesuch", "-",
        ],
        Some(RECORDS[0].1),
    );
    for docs in [&validated, &parsed, &converted] {
        same_keys(docs);
    }
    // a file of several records, one invalid: a document a record, with its place
    let games =
        "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e4 *\n\n[Event \"c\"]\n\n1. d4 *\n";
    for command in ["parse", "convert"] {
        let mut args = vec![command, "--json", "--game", "chess", "-"];
        if command == "convert" {
            args.extend(["--to", "uci-result"]);
        }
        let docs = check(command, &args, Some(games));
        assert_eq!(docs.len(), 3, "{command}");
        let records: Vec<_> = docs
            .iter()
            .map(|d| (d["record"].clone(), d["line"].clone()))
            .collect();
        assert_eq!(
            records,
            [
                (1.into(), 1.into()),
                (2.into(), 5.into()),
                (3.into(), 9.into())
            ]
        );
        assert_eq!(docs[1]["error"]["problem"]["line"], 7, "{command}");
    }
}

#[test]
fn position_commands_follow_the_schemas_in_every_game() {
    let (mut moves, mut perft, mut render) = (vec![], vec![], vec![]);
    for (game, _, _) in RECORDS {
        moves.extend(check("moves", &["moves", "--json", "--game", game], None));
        let args = ["perft", "--json", "--game", game, "--depth", "1"];
        perft.extend(check("perft", &args, None));
        let args = [
            "perft", "--json", "--game", game, "--depth", "1", "--divide",
        ];
        perft.extend(check("perft", &args, None));
        render.extend(check("render", &["render", "--json", "--game", game], None));
    }
    check(
        "moves",
        &["moves", "--json", "--position", "nonsense"],
        None,
    );
    check(
        "perft",
        &[
            "perft",
            "--json",
            "--game",
            "chess",
            "--position",
            "x",
            "--depth",
            "1",
        ],
        None,
    );
    check(
        "render",
        &["render", "--json", "--game", "quantum", "--position", "x"],
        None,
    );
    for docs in [&moves, &perft, &render] {
        same_keys(docs);
    }
}

/// The stipulations beyond direct mates (`docs/stipulations.md`): help play with its
/// solutions, a selfmate's tree, ばか詰, a stopped help search, and a puzzle's stated
/// solutions compared.
#[test]
fn stipulation_documents_follow_the_schema() {
    let fen = "8/8/8/8/2K2R2/1N6/8/2k4B b - - 0 1";
    let help = ["solve", "--json", "--game", "chess", "--position", fen];
    let v = check(
        "solve",
        &[&help[..], &["--stipulation", "h#2"]].concat(),
        None,
    );
    assert_eq!(v[0]["stipulation"]["play"], "help");
    assert_eq!(v[0]["count"], 2);
    let v = check(
        "solve",
        &[&help[..], &["--stipulation", "h#3", "--nodes", "300"]].concat(),
        None,
    );
    assert_eq!(v[0]["complete"], false);
    for file in [
        "puzzles/stipulations/chess-s2-01.puzzle",
        "puzzles/stipulations/chess-r2-01.puzzle",
        "puzzles/stipulations/chess-hstale2-01.puzzle",
        "puzzles/stipulations/shogi-bakazume-01.puzzle",
        "tests/fixtures/stipulations/wrong-h2.puzzle",
    ] {
        let v = check("solve", &["solve", "--json", file], None);
        assert!(v[0]["stated"].is_object(), "{file}");
    }
    let v = check(
        "solve",
        &["solve", "--json", "--game", "shogi", "--stipulation", "h=2"],
        None,
    );
    assert_eq!(v[0]["error"]["kind"], "usage");
}
