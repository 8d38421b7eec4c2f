//! `convert` and `parse` over many records: each record converted as it is read and
//! written in input order, the same bytes whatever `-j`; a bad record reported at its
//! place and skipped; compressed inputs and outputs; the output file replaced only when
//! something converted.

use crate::common::bin::{err, out, run};
use crate::common::pgn_games::games;
use std::io::Read;
use std::path::{Path, PathBuf};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hensoku-convert-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

const ILLEGAL: &str = "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n";
const UNCLOSED: &str = "[Event \"broken\"]\n\n1. d4 { never closed\n\n";

/// 200 generated games with an illegal one after the 50th and a broken one after the
/// 150th.
fn mixed() -> String {
    let mut text = String::new();
    for (i, part) in games(200, 40, 5).split("[Event ").skip(1).enumerate() {
        match i {
            50 => text.push_str(ILLEGAL),
            150 => text.push_str(UNCLOSED),
            _ => {}
        }
        text.push_str("[Event ");
        text.push_str(part);
    }
    text
}

fn line_of(text: &str, part: &str) -> usize {
    text[..text.find(part).unwrap()].matches('\n').count() + 1
}

/// One UCI line a game with its result, in order, the same whatever `-j`; the two bad
/// games named at their lines and skipped; exit 1.
#[test]
fn convert_streams_in_order_whatever_the_jobs() {
    let text = mixed();
    let dir = temp_dir("jobs");
    let file = dir.join("games.pgn");
    std::fs::write(&file, &text).unwrap();
    let mut runs = Vec::new();
    for jobs in ["1", "3"] {
        let o = run(
            &["convert", "-j", jobs, "--to", "uci-result", path(&file)],
            None,
        );
        runs.push((o.status.code(), out(&o), err(&o)));
    }
    assert_eq!(runs[0], runs[1]);
    let (code, stdout, stderr) = &runs[0];
    assert_eq!(*code, Some(1), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 200);
    let results = ["1-0", "0-1", "1/2-1/2", "*"];
    for l in &lines {
        let last = l.rsplit(' ').next().unwrap();
        assert!(results.contains(&last), "{l}");
    }
    let bad = line_of(&text, "1. e4 e5 2. Ke3");
    assert!(stderr.contains(&format!("games.pgn:{bad}:13]")), "{stderr}");
    assert!(stderr.contains("never closed"), "{stderr}");
    // the same games converted one by one say the same
    let one = run(
        &["convert", "--game", "chess", "--to", "uci-result", "-"],
        Some(&games(200, 40, 5)),
    );
    assert_eq!(out(&one), *stdout);
    // JSON: a document a record, with its number and place; the failures too
    let o = run(
        &["convert", "--json", "--to", "uci-result", path(&file)],
        None,
    );
    let docs: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(docs.len(), 202);
    let failed: Vec<&serde_json::Value> =
        docs.iter().filter(|d| d.get("error").is_some()).collect();
    assert_eq!(failed.len(), 2);
    assert_eq!(failed[0]["record"], 51);
    assert_eq!(failed[0]["line"], line_of(&text, ILLEGAL));
    assert_eq!(failed[0]["error"]["problem"]["line"], bad);
    assert_eq!(failed[1]["line"], line_of(&text, UNCLOSED));
    assert_eq!(docs[0]["record"], 1);
    assert_eq!(docs[0]["line"], 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn gunzip(bytes: &[u8]) -> String {
    let mut s = String::new();
    flate2::read::MultiGzDecoder::new(bytes)
        .read_to_string(&mut s)
        .unwrap();
    s
}

/// A `.zst` input converts as the plain file does; `-o x.gz` and `-o x.zst` hold the same
/// text compressed; an output file is left untouched when no record converted.
#[test]
fn compressed_inputs_and_outputs() {
    let dir = temp_dir("packed");
    let text = games(50, 30, 9);
    let plain = dir.join("g.pgn");
    std::fs::write(&plain, &text).unwrap();
    let zst = dir.join("g.pgn.zst");
    std::fs::write(&zst, zstd::encode_all(text.as_bytes(), 1).unwrap()).unwrap();
    let want = out(&run(&["convert", "--to", "uci-result", path(&plain)], None));
    assert_eq!(want.lines().count(), 50);
    let o = run(&["convert", "--to", "uci-result", path(&zst)], None);
    assert_eq!((o.status.code(), out(&o)), (Some(0), want.clone()));
    let gz = dir.join("u.txt.gz");
    let o = run(
        &["convert", "--to", "uci-result", "-o", path(&gz), path(&zst)],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).is_empty());
    assert_eq!(gunzip(&std::fs::read(&gz).unwrap()), want);
    let z = dir.join("u.txt.zst");
    let o = run(
        &[
            "convert",
            "-j",
            "2",
            "--to",
            "uci-result",
            "-o",
            path(&z),
            path(&plain),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let back = zstd::decode_all(&std::fs::read(&z).unwrap()[..]).unwrap();
    assert_eq!(String::from_utf8(back).unwrap(), want);
    // nothing converts: the file stays as it was, and no temporary file is left
    let keep = dir.join("keep.txt");
    std::fs::write(&keep, "mine").unwrap();
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, ILLEGAL).unwrap();
    let o = run(
        &[
            "convert",
            "--to",
            "uci-result",
            "-o",
            path(&keep),
            path(&bad),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), "mine");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "bad.pgn",
            "g.pgn",
            "g.pgn.zst",
            "keep.txt",
            "u.txt.gz",
            "u.txt.zst"
        ]
    );
    // some convert: the file holds them, the bad one is reported, exit 1
    let mut some = ILLEGAL.to_string();
    some.push_str(&text);
    std::fs::write(&bad, some).unwrap();
    let o = run(
        &[
            "convert",
            "--to",
            "uci-result",
            "-o",
            path(&keep),
            path(&bad),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&keep).unwrap(), want);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// CSA games to USI lines and to every position's SFEN; USI lines to SFEN positions.
#[test]
fn shogi_games_to_usi_lines_and_sfen_positions() {
    let csa =
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nV2.2\nPI\n+\n+2726FU\n-8384FU\n+2625FU\n/\n";
    let text = csa.repeat(10);
    let o = run(
        &["convert", "--game", "shogi", "--to", "usi", "-j", "2", "-"],
        Some(&text),
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let stdout = out(&o);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 20);
    assert_eq!(lines[0], "position startpos moves 7g7f 3c3d");
    assert_eq!(lines[1], "position startpos moves 2g2f 8c8d 2f2e");
    let o = run(
        &["convert", "--game", "shogi", "--to", "sfen-positions", "-"],
        Some(&text),
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    // 3 positions, then 4, ten times
    assert_eq!(out(&o).lines().count(), 70);
    assert!(!err(&o).contains("moves"), "{}", err(&o));
    let usi = "position startpos moves 7g7f 3c3d\nposition startpos moves 7g7f 7g7f\nposition startpos moves 2g2f\n";
    let o = run(
        &["convert", "--game", "shogi", "--to", "sfen-positions", "-"],
        Some(usi),
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(out(&o).lines().count(), 5);
    assert!(err(&o).contains("<stdin>:2:"), "{}", err(&o));
}

/// `parse` prints each record as it is read, the same whatever `-j`; a file of several
/// gives a document a record with its number and line.
#[test]
fn parse_streams_whatever_the_jobs() {
    let text = mixed();
    let mut runs = Vec::new();
    for jobs in ["1", "3"] {
        for json in [false, true] {
            let mut args = vec!["parse", "--game", "chess", "-j", jobs, "-"];
            if json {
                args.push("--json");
            }
            let o = run(&args, Some(&text));
            runs.push((o.status.code(), out(&o), err(&o)));
        }
    }
    assert_eq!(runs[0], runs[2]);
    assert_eq!(runs[1], runs[3]);
    assert_eq!(runs[0].0, Some(2));
    assert_eq!(runs[0].1.matches("[Event ").count(), 200);
    let docs: Vec<serde_json::Value> = runs[1]
        .1
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(docs.len(), 202);
    assert_eq!(docs[51]["record"], 52);
    assert_eq!(docs[51]["line"], line_of(&text, ILLEGAL) + 4);
}
