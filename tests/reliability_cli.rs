//! The binary under hostile input: huge lines, deep nesting, extreme arguments, files that
//! hold no record. Never a panic (exit 101) or a signal: exit 0, 1 or 2 with a clear message.

mod common;

use common::bin::{err, run};
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
