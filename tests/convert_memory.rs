//! `convert` reads a record, converts it, writes it and forgets it: its peak memory does
//! not grow with the input. One test runs by default and the other only with `--ignored`,
//! so that the children's peak measured is always that run's own.

mod common;

use common::peak::{assert_flat, children_peak_kib, write_repeated};
use common::pgn_games::games;
use std::path::Path;
use std::process::{Command, Stdio};

/// `hensoku convert FILE --to TO -o OUT -j 2`, which must succeed.
fn convert(file: &Path, to: &str, out: &Path) {
    let status = Command::new(env!("CARGO_BIN_EXE_hensoku"))
        .args(["convert", "-j", "2", "--to", to, "-o"])
        .arg(out)
        .arg(file)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
}

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hensoku-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// 3 MB, then 30 MB of PGN to UCI lines (gzip): the peak stays under 64 MiB and within a
/// few MiB of the small file's.
#[test]
fn convert_memory_stays_flat_whatever_the_input_size() {
    let dir = folder("convert-memory");
    let text = games(4000, 80, 11);
    let small = dir.join("small.pgn");
    std::fs::write(&small, &text).unwrap();
    let large = dir.join("large.pgn");
    write_repeated(&large, &text, 10);
    convert(&small, "uci-result", &dir.join("small.txt.gz"));
    let small_peak = children_peak_kib();
    convert(&large, "uci-result", &dir.join("large.txt.gz"));
    let large_peak = children_peak_kib();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_flat(small_peak, large_peak);
}

/// 200 MB of PGN to UCI lines (zstd), and 200 MB of USI lines to SFEN positions: each run's
/// peak stays under 64 MiB. Slow (several minutes in release mode), hence ignored:
///
/// `cargo test --release --test convert_memory -- --ignored`
#[test]
#[ignore]
fn convert_of_200_mb_stays_under_64_mib() {
    let dir = folder("convert-200mb");
    let text = games(4000, 80, 11);
    let pgn = dir.join("big.pgn");
    write_repeated(&pgn, &text, 200_000_000 / text.len() + 1);
    convert(&pgn, "uci-result", &dir.join("big.txt.zst"));
    let pgn_peak = children_peak_kib();
    std::fs::remove_file(&pgn).unwrap();
    let usi_line = "position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f\n";
    let usi = dir.join("big.usi");
    write_repeated(&usi, usi_line, 200_000_000 / usi_line.len() + 1);
    convert(&usi, "sfen-positions", &dir.join("big.sfen.zst"));
    let usi_peak = children_peak_kib();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(pgn_peak < 64 * 1024, "PGN: {pgn_peak} KiB");
    assert!(usi_peak < 64 * 1024, "USI: {usi_peak} KiB");
}
