//! `validate` reads a record, checks it and forgets it: its peak memory does not grow with
//! the input. The only test of this file, so that the children's peak is its own.

mod common;

use common::peak::{assert_flat, children_peak_kib, write_repeated};
use common::pgn_games::games;
use std::process::{Command, Stdio};

fn validate(file: &std::path::Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_hensoku"))
        .args(["validate", "-j", "2", "--invalid-only"])
        .arg(file)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
}

/// 3 MB, then 30 MB of PGN (the same games, ten times): the peak stays under 64 MiB and
/// within a few MiB of the small file's.
#[test]
fn memory_stays_flat_whatever_the_input_size() {
    let dir = std::env::temp_dir().join(format!("hensoku-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = games(4000, 80, 11);
    let small = dir.join("small.pgn");
    std::fs::write(&small, &text).unwrap();
    let large = dir.join("large.pgn");
    write_repeated(&large, &text, 10);
    validate(&small);
    let small_peak = children_peak_kib();
    validate(&large);
    let large_peak = children_peak_kib();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_flat(small_peak, large_peak);
}
