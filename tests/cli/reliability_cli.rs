//! The binary under hostile input: huge lines, deep nesting, extreme arguments, files that
//! hold no record. Never a panic (exit 101) or a signal: exit 0, 1 or 2 with a clear message.

use crate::common::bin::{err, run};
use std::process::Output;

/// The process ended by itself with one of hensoku's exit codes.
fn exited_cleanly(o: &Output) -> i32 {
    let code = o
        .status
        .code()
        .unwrap_or_else(|| panic!("killed: {:?}", o.status));
    assert!(
        [0, 1, 2].contains(&code),
        "exit {code}: {}",
        &err(o)[..err(o).len().min(2000)]
    );
    code
}

/// A diagnostic far into one long line shows a window of that line, with the true line and
/// column, and never the whole line (miette alone panics past column ~65,530).
fn shows_a_window(args: &[&str], text: &str, at: &str) {
    let o = run(args, Some(text));
    let code = exited_cleanly(&o);
    assert!(code > 0, "{args:?} accepted the input");
    let e = err(&o);
    assert!(e.len() < 4000, "{args:?}: {} bytes of stderr", e.len());
    assert!(e.contains(at), "{args:?}: no {at} in {e}");
}

#[test]
fn a_diagnostic_deep_in_a_long_line_shows_a_window() {
    let usi = format!(
        "position startpos moves {}zz\n",
        "7g7f 3c3d 7f7g 3d3c ".repeat(5000)
    );
    shows_a_window(&["validate", "--game", "shogi", "-"], &usi, ":1:100025]");
    let pgn = format!("{}Qxx9\n", "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(4000));
    shows_a_window(&["validate", "--game", "chess", "-"], &pgn, ":1:88001]");
    let qgn = format!(
        "[Game \"Quantum Chamber\"]\n{}1. a1~zz9\n",
        " ".repeat(70_000)
    );
    shows_a_window(&["validate", "--game", "quantum", "-"], &qgn, ":2:70007]");
    let fived = format!("[Board \"Standard\"]\n{}1. (0T1)Zz9\n", " ".repeat(70_000));
    shows_a_window(&["validate", "--game", "fived", "-"], &fived, ":2:70004]");
}

#[test]
fn a_long_position_is_reported_in_a_window() {
    let tail = "x".repeat(100_000);
    let sfen = format!("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 {tail}");
    let o = run(&["moves", "--game", "shogi", "--position", &sfen], None);
    assert_eq!(exited_cleanly(&o), 2);
    assert!(err(&o).len() < 4000, "{} bytes of stderr", err(&o).len());
}

/// A quick puzzle of every game, as `solve` arguments.
const PUZZLES: [&[&str]; 9] = [
    &["puzzles/shogi/tsumemi-1te-01.puzzle"],
    &["puzzles/shogi-cards/01-i-rules.puzzle"],
    &["puzzles/shelt/01-puzzle-a-pin-fork.shelt"],
    &["puzzles/chess/sunfish-sound.pgn"],
    &["--game", "portal-hidden", "puzzles/portal/hidden.txt"],
    &["--game", "portal-buckley", "puzzles/portal/buckley.txt"],
    &["--game", "portal-howe", "puzzles/portal/howe.txt"],
    &["puzzles/fived/bench-queen.5dpgn"],
    &["puzzles/quantum/07-short-chain-win.puzzle"],
];

fn solve(puzzle: &[&str], more: &[&str]) -> Output {
    let args: Vec<&str> = ["solve"]
        .iter()
        .chain(puzzle)
        .chain(more)
        .copied()
        .collect();
    run(&args, None)
}

#[test]
fn a_huge_time_limit_is_no_limit_in_every_game() {
    for p in PUZZLES {
        let o = solve(p, &["--time", "1e20"]);
        assert_eq!(exited_cleanly(&o), 0, "{p:?}");
    }
    for bad in ["0", "-1", "nan", "soon"] {
        let o = solve(PUZZLES[0], &["--time", bad]);
        assert_eq!(exited_cleanly(&o), 2, "--time {bad}");
    }
}

#[test]
fn mate_in_zero_is_refused_in_every_game() {
    for p in PUZZLES {
        let o = solve(p, &["--mate-in", "0"]);
        assert_eq!(exited_cleanly(&o), 2, "{p:?}");
    }
    let zero = "[Game \"shogi\"]\n[Position \"6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1\"]\n\
                [Stipulation \"mate in 0\"]\n";
    let o = run(&["solve", "--game", "shogi", "-"], Some(zero));
    assert_eq!(exited_cleanly(&o), 2, "{}", err(&o));
}

#[test]
fn argument_errors_under_json_are_failure_documents() {
    let cases: [&[&str]; 4] = [
        &["solve", "--json", "--nodes", "-5", "x.puzzle"],
        &["perft", "--game", "chess", "--depth", "x", "--json"],
        &["validate", "--json", "--no-such-flag", "x.pgn"],
        &["solve", "--json", "--mate-in", "0", "--game", "quantum"],
    ];
    for args in cases {
        let o = run(args, None);
        assert_eq!(exited_cleanly(&o), 2, "{args:?}");
        let v = crate::common::bin::json(&o);
        assert_eq!(v["schema_version"], 2, "{v}");
        assert_eq!(v["command"], args[0], "{v}");
        assert_eq!(v["error"]["kind"], "usage", "{v}");
        assert_eq!(v["exit_code"], 2, "{v}");
    }
    let o = run(
        &["perft", "--game", "chess", "--json", "--depth", "x"],
        None,
    );
    assert_eq!(crate::common::bin::json(&o)["game"], "chess");
    // without --json, clap's own words
    let o = run(&["perft", "--depth", "x"], None);
    assert!(err(&o).contains("invalid value 'x'"), "{}", err(&o));
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_a_failure_document() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"--g\xffme");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_hensoku"))
        .args(["parse".as_ref(), "--json".as_ref(), bad])
        .output()
        .unwrap();
    assert_eq!(exited_cleanly(&o), 2);
    assert_eq!(crate::common::bin::json(&o)["command"], "parse");
}

/// Every key named in a solve document: the values of `key` and the items of `keys`.
fn keys_in(v: &serde_json::Value, found: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("key", serde_json::Value::String(s)) => found.push(s.clone()),
                    ("keys", serde_json::Value::Array(a)) => {
                        found.extend(a.iter().map(|x| x.to_string()))
                    }
                    _ => keys_in(x, found),
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| keys_in(x, found)),
        _ => {}
    }
}

/// A node limit that stops each game's search part of the way (the whole solve takes
/// about twice as many nodes, or more): the answer is `unknown`, exit 1, and names no key.
/// 5D once answered such a search "mate in 3: unique key", exit 0.
#[test]
fn a_search_stopped_by_a_limit_answers_unknown_and_shows_no_key() {
    let stopped: [&[&str]; 9] = [
        &["puzzles/shogi/tsumemi-3te-09.puzzle", "--nodes", "150"],
        &[
            "puzzles/shogi-cards/09-t-mate-in-3.puzzle",
            "--nodes",
            "200",
        ],
        &["puzzles/shelt/15-teems-three.shelt", "--nodes", "100"],
        &["puzzles/chess/sunfish-sound.pgn", "--nodes", "90"],
        &[
            "--game",
            "portal-hidden",
            "puzzles/portal/hidden.txt",
            "--nodes",
            "20",
        ],
        &[
            "--game",
            "portal-buckley",
            "puzzles/portal/buckley.txt",
            "--nodes",
            "22",
        ],
        &[
            "--game",
            "portal-howe",
            "puzzles/portal/howe.txt",
            "--nodes",
            "3",
        ],
        &[
            "puzzles/fived/rook-tactics-1.5dpgn",
            "--mate-in",
            "3",
            "--nodes",
            "20000",
        ],
        &["puzzles/quantum/14-three-mover.puzzle", "--nodes", "255"],
    ];
    for args in stopped {
        let o = solve(args, &["--json"]);
        assert_eq!(exited_cleanly(&o), 1, "{args:?}");
        let v = crate::common::bin::json(&o);
        assert_eq!(v["result"], "unknown", "{args:?}: {v}");
        let mut keys = vec![];
        keys_in(&v, &mut keys);
        assert!(keys.is_empty(), "{args:?} names keys {keys:?}");
        let o = solve(args, &[]);
        assert_eq!(exited_cleanly(&o), 1, "{args:?}");
        assert!(crate::common::bin::out(&o).contains("unknown"), "{args:?}");
    }
}

const GAMES: [&str; 9] = [
    "shogi",
    "shogi-cards",
    "shelt",
    "chess",
    "portal-hidden",
    "portal-buckley",
    "portal-howe",
    "fived",
    "quantum",
];

#[test]
fn perft_stops_at_its_time_and_node_limits_with_a_partial_count() {
    for g in GAMES {
        let o = run(
            &[
                "perft", "--game", g, "--depth", "64", "--time", "0.2", "--json",
            ],
            None,
        );
        assert_eq!(exited_cleanly(&o), 1, "{g}");
        let v = crate::common::bin::json(&o);
        assert_eq!(v["stopped_by"], "time", "{g}: {v}");
        assert_eq!(v["complete"], false, "{g}: {v}");
        // far from the limit only when the machine is very busy; unbounded before
        assert!(v["elapsed_ms"].as_u64().unwrap() < 10_000, "{g}: {v}");
    }
    let o = run(
        &[
            "perft", "--depth", "9", "--nodes", "100000", "--divide", "--json",
        ],
        None,
    );
    assert_eq!(exited_cleanly(&o), 1);
    let v = crate::common::bin::json(&o);
    assert_eq!(v["stopped_by"], "nodes", "{v}");
    assert!(v["nodes"].as_u64().unwrap() >= 100_000, "{v}");
    let o = run(&["perft", "--depth", "3", "--nodes", "1000000"], None);
    assert_eq!(exited_cleanly(&o), 0);
    assert!(crate::common::bin::out(&o).contains("perft(3) = 25470"));
}

#[test]
fn perft_deeper_than_64_is_refused_not_a_stack_overflow() {
    for depth in ["65", "100000"] {
        let o = run(&["perft", "--game", "chess", "--depth", depth], None);
        assert_eq!(exited_cleanly(&o), 2, "--depth {depth}");
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_perft_with_its_partial_count() {
    use std::process::{Command, Stdio};
    let child = Command::new(env!("CARGO_BIN_EXE_hensoku"))
        .args(["perft", "--depth", "64", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // time enough to start and catch Ctrl-C, even on a busy machine
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let pid = child.id().to_string();
    let kill = Command::new("kill").args(["-INT", &pid]).status().unwrap();
    assert!(kill.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(exited_cleanly(&o), 1);
    let v = crate::common::bin::json(&o);
    assert_eq!(v["stopped_by"], "interrupt", "{v}");
    assert!(v["nodes"].as_u64().unwrap() > 0, "{v}");
}

/// Every command that reads a record, on one text, under `--json`: one failure document
/// naming `rule` at the given offset, whatever the command.
fn refused_by_every_reader(game: &str, text: &str, rule: &str) {
    let commands: [&[&str]; 3] = [&["parse"], &["validate"], &["convert", "--to", "pgn"]];
    for c in commands {
        let mut args = c.to_vec();
        args.extend(["--game", game, "--json", "-"]);
        let o = run(&args, Some(text));
        assert!(exited_cleanly(&o) > 0, "{args:?} accepted it");
        let v = crate::common::bin::json(&o);
        let found = v["error"]["problem"]["rule"].clone();
        let found = if found.is_null() {
            v["problems"][0]["rule"].clone()
        } else {
            found
        };
        assert_eq!(found, rule, "{args:?}: {v}");
    }
}

#[test]
fn variations_nested_past_the_limit_are_a_diagnostic_not_a_stack_overflow() {
    let deep = |head: &str, branch: &str| {
        format!("{head}{}{} *\n", branch.repeat(10_000), ")".repeat(10_000))
    };
    let pgn = deep("1. e4 ", "(1. d4 ");
    for game in ["chess", "portal-hidden", "portal-buckley"] {
        refused_by_every_reader(game, &pgn, "TooDeep");
    }
    let fived = deep("[Board \"Standard\"]\n1. (0T1)e4 ", "( 1. (0T1)d4 ");
    let o = run(
        &["validate", "--game", "fived", "--json", "-"],
        Some(&fived),
    );
    assert_eq!(exited_cleanly(&o), 2);
    assert_eq!(
        crate::common::bin::json(&o)["error"]["problem"]["rule"],
        "TooDeep"
    );
    // 64 levels are still read
    let ok = format!("1. e4 {}{} *\n", "(1. d4 ".repeat(64), ")".repeat(64));
    let o = run(&["validate", "--game", "chess", "-"], Some(&ok));
    assert_eq!(exited_cleanly(&o), 0, "{}", err(&o));
}

#[test]
fn ten_thousand_kif_variations_are_read_flat() {
    let mut kif =
        String::from("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)+\n");
    for _ in 0..10_000 {
        kif.push_str("\n変化：3手\n   3 ６六歩(67)+\n");
    }
    let o = run(&["validate", "--game", "shogi", "--json", "-"], Some(&kif));
    assert_eq!(exited_cleanly(&o), 0, "{}", err(&o));
    let o = run(
        &["convert", "--game", "shogi", "--to", "kif", "-"],
        Some(&kif),
    );
    assert_eq!(exited_cleanly(&o), 0, "{}", err(&o));
    assert_eq!(
        crate::common::bin::out(&o).matches("変化：3手").count(),
        10_000
    );
}

/// A text of comments, escape lines or blank lines holds no record: every game and every
/// format says so (exit 2, rule `NoRecord`), never validates it as an empty game, and
/// `--json` always prints a document.
#[test]
fn an_input_without_a_record_is_no_record_found_in_every_format() {
    let cases: [(&str, &str, &str); 14] = [
        ("shogi", "csa", "' comment only\n' another\n"),
        ("shogi", "kif", "# comment\n* a move comment\n"),
        ("shogi", "ki2", "# comment\n"),
        ("shogi", "usi", "\n\n"),
        ("shogi", "sfen", "# only\n"),
        ("shogi-cards", "kif", "# comment\n"),
        ("chess", "pgn", "%escape line\n"),
        ("chess", "pgn", "{comment only}\n; and another\n"),
        ("portal-hidden", "pgn", "{comment}\n"),
        ("portal-buckley", "pgn", "\n"),
        ("portal-howe", "txt", "{comment}\n"),
        ("fived", "5dpgn", "{comment}\n"),
        ("quantum", "qgn", "{comment}\n"),
        ("shelt", "shelt", "  \n"),
    ];
    for (game, from, text) in cases {
        for command in ["validate", "parse"] {
            let args = [command, "--game", game, "--from", from, "--json", "-"];
            let o = run(&args, Some(text));
            assert_eq!(exited_cleanly(&o), 2, "{args:?}");
            let v = crate::common::bin::json(&o);
            assert_eq!(v["error"]["problem"]["rule"], "NoRecord", "{args:?}: {v}");
            let o = run(&[command, "--game", game, "--from", from, "-"], Some(text));
            assert_eq!(exited_cleanly(&o), 2, "{args:?}");
            assert!(err(&o).contains("no record found"), "{args:?}: {}", err(&o));
        }
    }
    // a record with nothing but its start is still a record
    let o = run(
        &["validate", "--game", "shogi", "--from", "kif", "-"],
        Some("手合割：平手\n"),
    );
    assert_eq!(exited_cleanly(&o), 0, "{}", err(&o));
    let o = run(
        &["validate", "--game", "chess", "-"],
        Some("[Event \"x\"]\n*\n"),
    );
    assert_eq!(exited_cleanly(&o), 0, "{}", err(&o));
}

/// A quantum puzzle without its `Position` tag, or with the tag after the moves, is a
/// malformed puzzle: it was solved from the start position.
#[test]
fn a_quantum_puzzle_without_its_position_is_refused() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let good = std::fs::read_to_string("puzzles/quantum/07-short-chain-win.puzzle").unwrap();
    let (position, rest): (Vec<&str>, Vec<&str>) =
        good.lines().partition(|l| l.starts_with("[Position"));
    let missing = rest.join("\n") + "\n";
    let late = format!("{missing}{}\n", position[0]);
    for (name, text, rule) in [
        ("missing", &missing, "MissingTag"),
        ("late", &late, "Syntax"),
    ] {
        let path = dir.join(format!("quantum-{name}.puzzle"));
        std::fs::write(&path, text).unwrap();
        for command in ["solve", "validate"] {
            let o = run(&[command, "--json", path.to_str().unwrap()], None);
            assert_eq!(exited_cleanly(&o), 2, "{command} {name}");
            let v = crate::common::bin::json(&o);
            assert_eq!(v["error"]["problem"]["rule"], rule, "{command} {name}: {v}");
        }
    }
}

/// Every command that reads a record reads every game's puzzle file; shogi and card
/// shogi refused theirs as an SFEN syntax error.
#[test]
fn every_command_reads_every_games_puzzle_file() {
    let puzzles: [&[&str]; 3] = [
        &["puzzles/shogi/tsumemi-1te-01.puzzle"],
        &["puzzles/shogi-cards/01-i-rules.puzzle"],
        &["puzzles/quantum/07-short-chain-win.puzzle"],
    ];
    for p in puzzles {
        for c in [
            &["parse"][..],
            &["validate"],
            &["render"],
            &["view", "-o", "-"],
        ] {
            let args: Vec<&str> = c.iter().chain(p).copied().collect();
            let o = run(&args, None);
            assert_eq!(exited_cleanly(&o), 0, "{args:?}: {}", err(&o));
        }
    }
    for (p, to) in [(puzzles[0][0], "kif"), (puzzles[1][0], "kif")] {
        let o = run(&["convert", "--to", to, p], None);
        assert_eq!(exited_cleanly(&o), 0, "{p}: {}", err(&o));
    }
    let o = run(&["validate", "--json", puzzles[0][0]], None);
    assert_eq!(crate::common::bin::json(&o)["plies"], 1);
}

/// `--memory` has a meaning in every game. Where the bounded structure is a table or a
/// cache that forgets (every game but 5D), a 1 MiB bound gives the same answer; 5D's
/// pending work cannot be forgotten, so a bound it reaches stops the search: `unknown`,
/// stopped by memory, exit 1, no key (a 5D mate in 3 asked of the rook puzzle holds
/// several MiB of pending work).
#[test]
fn a_memory_limit_bounds_every_games_search() {
    let answer = |v: &serde_json::Value| {
        (
            v["result"].clone(),
            v["keys"].clone(),
            v["length"].clone(),
            v["unique"].clone(),
        )
    };
    for p in PUZZLES {
        let free = crate::common::bin::json(&solve(p, &["--json"]));
        let o = solve(p, &["--json", "--memory", "1"]);
        assert_eq!(exited_cleanly(&o), 0, "{p:?}");
        let bounded = crate::common::bin::json(&o);
        assert_eq!(answer(&bounded), answer(&free), "{p:?}");
    }
    let rook = ["puzzles/fived/rook-tactics-1.5dpgn", "--mate-in", "3"];
    let o = solve(&rook, &["--json", "--memory", "1"]);
    assert_eq!(exited_cleanly(&o), 1);
    let v = crate::common::bin::json(&o);
    assert_eq!(v["result"], "unknown", "{v}");
    assert_eq!(v["stopped_by"], "memory", "{v}");
    assert_eq!(v["keys"], serde_json::json!([]), "{v}");
    let o = solve(PUZZLES[3], &["--memory", "0"]);
    assert_eq!(exited_cleanly(&o), 2);
}
