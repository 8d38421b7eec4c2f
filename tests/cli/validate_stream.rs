//! `validate` over many records: the same output whatever `-j`, places in the whole file,
//! a broken record skipped and counted, folders, compressed files and archives.

use crate::common::bin::{err, out, run};
use crate::common::pgn_games::games;
use std::io::Write;
use std::path::{Path, PathBuf};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hensoku-stream-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A game with an illegal move at its third ply, and one whose comment never closes.
const ILLEGAL: &str = "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n\n";
const UNCLOSED: &str = "[Event \"broken\"]\n\n1. d4 { never closed\n\n";

/// 300 generated games with an illegal one and a broken one among them.
fn mixed() -> String {
    let all = games(300, 60, 7);
    let mut text = String::new();
    for (i, part) in all.split("[Event ").skip(1).enumerate() {
        if i == 100 {
            text.push_str(ILLEGAL);
        }
        if i == 200 {
            text.push_str(UNCLOSED);
        }
        text.push_str("[Event ");
        text.push_str(part);
    }
    text
}

/// The output without the summary's time and rate, which vary from run to run.
fn untimed(text: &str) -> String {
    text.lines()
        .map(|l| l.split_once(" MB in ").map_or(l, |(head, _)| head))
        .collect::<Vec<_>>()
        .join("\n")
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `-j 1` and `-j 3` print the same bytes on both streams, and exit the same.
#[test]
fn the_output_is_the_same_whatever_the_jobs() {
    let dir = temp_dir("jobs");
    let file = dir.join("games.pgn");
    std::fs::write(&file, mixed()).unwrap();
    std::fs::write(
        dir.join("nifu.usi"),
        "position startpos moves 7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c+ 3f3g+ P*2e\n",
    )
    .unwrap();
    // several CSA games in one file, cut at their `/` lines; one of them illegal
    let csa = "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n/\nV2.2\nPI\n+\n+7776FU\n-7776FU\n/\n";
    std::fs::write(dir.join("games.csa"), csa.repeat(20)).unwrap();
    // every other notation cut into records: Portal PGN, Howe, QGN, USI, SFEN
    for (name, text, _, _) in per_game() {
        std::fs::write(dir.join(name), text).unwrap();
    }
    for extra in [
        &[][..],
        &["--json"],
        &["--invalid-only"],
        &["--json", "--fail-fast"],
    ] {
        let mut outputs = Vec::new();
        for jobs in ["1", "3"] {
            let mut args = vec!["validate", "-j", jobs, path(&dir)];
            args.extend_from_slice(extra);
            let o = run(&args, None);
            outputs.push((o.status.code(), untimed(&out(&o)), err(&o)));
        }
        assert_eq!(outputs[0], outputs[1], "{extra:?}");
        assert_eq!(outputs[0].0, Some(1), "{extra:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every record is counted once; the broken one is reported at its place and the next game
/// is read again from its tags; errors are located in the whole file.
#[test]
fn counts_add_up_and_places_are_the_files() {
    let text = mixed();
    let o = run(
        &["validate", "--json", "--summary", "--game", "chess", "-"],
        Some(&text),
    );
    assert_eq!(o.status.code(), Some(1));
    let docs: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary = &docs.last().unwrap()["summary"];
    assert_eq!(summary["records"], 302, "{summary}");
    assert_eq!(summary["invalid"], 1, "{summary}");
    assert_eq!(summary["unreadable"], 1, "{summary}");
    assert_eq!(summary["valid"], 300, "{summary}");
    assert_eq!(summary["bytes"], text.len(), "{summary}");
    assert_eq!(docs.len(), 303);
    // the illegal king move, located in the whole text
    let bad = docs
        .iter()
        .find(|d| d["valid"] == false && d.get("error").is_none())
        .unwrap();
    let e = &bad["errors"][0];
    let at = text.find(ILLEGAL).unwrap() + ILLEGAL.find("Ke3").unwrap();
    assert_eq!(e["offset"], at, "{bad}");
    assert_eq!(e["line"], text[..at].matches('\n').count() + 1, "{bad}");
    assert_eq!(bad["offset"], text.find(ILLEGAL).unwrap());
    // the unclosed comment: unreadable, its place, and the game after it read
    let broken = docs.iter().find(|d| d.get("error").is_some()).unwrap();
    assert_eq!(broken["offset"], text.find(UNCLOSED).unwrap(), "{broken}");
    assert_eq!(broken["errors"][0]["rule"], "Syntax", "{broken}");
    let indexes: Vec<u64> = docs[..302]
        .iter()
        .map(|d| d["index"].as_u64().unwrap())
        .collect();
    assert_eq!(indexes, (1..=302).collect::<Vec<_>>());
    // the text mode: only the invalid and the unreadable, then the summary
    let o = run(
        &["validate", "--invalid-only", "--game", "chess", "-"],
        Some(&text),
    );
    let stdout = out(&o);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].contains("(record 101): INVALID"), "{lines:?}");
    assert!(
        lines[1].starts_with("302 records: 300 valid, 1 invalid, 1 unreadable"),
        "{lines:?}"
    );
    let line = text[..at].matches('\n').count() + 1;
    assert!(
        err(&o).contains(&format!("<stdin> (record 101):{line}:")),
        "{}",
        err(&o)
    );
    // --fail-fast stops at the illegal game (read from a file: it stops reading)
    let dir = temp_dir("fail-fast");
    let file = dir.join("games.pgn");
    std::fs::write(&file, &text).unwrap();
    let o = run(&["validate", "--json", "--fail-fast", path(&file)], None);
    assert_eq!(out(&o).lines().count(), 101);
    assert_eq!(o.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn gz(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

/// Compressed files, archives and folders give the records of the files inside, with the
/// same verdicts; a truncated file is named and the rest goes on.
#[test]
fn compressed_files_archives_and_folders_are_read() {
    let dir = temp_dir("packed");
    let text = games(20, 40, 3);
    let plain = dir.join("plain.pgn");
    std::fs::write(&plain, &text).unwrap();
    std::fs::write(dir.join("a.pgn.gz"), gz(text.as_bytes())).unwrap();
    std::fs::write(
        dir.join("b.pgn.zst"),
        zstd::encode_all(text.as_bytes(), 1).unwrap(),
    )
    .unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(text.as_bytes()).unwrap();
    std::fs::write(dir.join("c.pgn.bz2"), bz.finish().unwrap()).unwrap();
    let mut xz = liblzma::write::XzEncoder::new(Vec::new(), 1);
    xz.write_all(text.as_bytes()).unwrap();
    std::fs::write(dir.join("d.pgn.xz"), xz.finish().unwrap()).unwrap();
    // a tar.gz holding a PGN, a shogi record and a file that is no record
    let mut tar = tar::Builder::new(Vec::new());
    for (name, body) in [
        ("in/e.pgn", text.as_str()),
        ("in/f.usi", "position startpos moves 7g7f 3c3d\n"),
        ("in/readme.txt", "not a record"),
    ] {
        let mut h = tar::Header::new_gnu();
        h.set_size(body.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        tar.append_data(&mut h, name, body.as_bytes()).unwrap();
    }
    std::fs::write(dir.join("g.tar.gz"), gz(&tar.into_inner().unwrap())).unwrap();
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("h.pgn", zip::write::SimpleFileOptions::default())
        .unwrap();
    zip.write_all(text.as_bytes()).unwrap();
    std::fs::write(dir.join("h.zip"), zip.finish().unwrap().into_inner()).unwrap();
    let o = run(&["validate", "--json", "--summary", path(&dir)], None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let docs: Vec<serde_json::Value> = out(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary = &docs.last().unwrap()["summary"];
    assert_eq!(
        (summary["records"].as_u64(), summary["valid"].as_u64()),
        (Some(141), Some(141)),
        "{summary}"
    );
    let files: std::collections::BTreeSet<String> = docs
        .iter()
        .filter_map(|d| d["file"].as_str().map(|f| f.replace(path(&dir), "")))
        .collect();
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "/a.pgn.gz",
            "/b.pgn.zst",
            "/c.pgn.bz2",
            "/d.pgn.xz",
            "/g.tar.gz:in/e.pgn",
            "/g.tar.gz:in/f.usi",
            "/h.zip:h.pgn",
            "/plain.pgn"
        ]
    );
    // each packed copy says what the plain file says, record by record
    let verdicts = |file: &str| -> Vec<(serde_json::Value, serde_json::Value)> {
        docs.iter()
            .filter(|d| d["file"].as_str().is_some_and(|f| f.ends_with(file)))
            .map(|d| (d["plies"].clone(), d["offset"].clone()))
            .collect()
    };
    for f in [
        "a.pgn.gz",
        "b.pgn.zst",
        "c.pgn.bz2",
        "d.pgn.xz",
        "e.pgn",
        "h.pgn",
    ] {
        assert_eq!(verdicts(f), verdicts("plain.pgn"), "{f}");
    }
    // a truncated .gz: named, with what could be read before the cut; the rest goes on
    let whole = gz(text.as_bytes());
    std::fs::write(dir.join("a.pgn.gz"), &whole[..whole.len() / 2]).unwrap();
    let o = run(&["validate", "--invalid-only", path(&dir)], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("a.pgn.gz"), "{}", err(&o));
    assert!(
        out(&o).lines().last().unwrap().contains("1 unreadable"),
        "{}",
        out(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What a reader tolerates with a warning (a KIF variation past the end of its line, a
/// move number written twice, read as a fork or as the next ply) keeps its record valid; `--strict` makes it an error there,
/// the record invalid and the exit 1, in text and in JSON.
#[test]
fn strict_refuses_what_the_readers_tolerate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    for name in [
        "realworld/shogi/made/variation-past-end.kifu",
        "realworld/shogi/made/repeated-number.kifu",
        "data/shogi/records/repeated-number-other-side.kifu",
    ] {
        let file = root.join(name);
        let file = path(&file);
        let o = run(&["validate", "--json", file], None);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", out(&o));
        let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
        assert_eq!(v["valid"], true, "{name}");
        assert_eq!(v["errors"], serde_json::json!([]), "{name}");
        assert_eq!(v["warnings"][0]["rule"], "IrregularVariation", "{name}");
        let o = run(&["validate", "--json", "--strict", file], None);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", out(&o));
        let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
        assert_eq!(v["valid"], false, "{name}");
        assert_eq!(v["errors"][0]["rule"], "IrregularVariation", "{name}");
        assert_eq!(v["warnings"], serde_json::json!([]), "{name}");
        let o = run(&["validate", "--strict", file], None);
        assert_eq!(o.status.code(), Some(1), "{name}");
        assert!(out(&o).contains(": INVALID, "), "{name}: {}", out(&o));
        assert!(
            err(&o).contains("× IrregularVariation"),
            "{name}: {}",
            err(&o)
        );
    }
}

/// A file of each notation cut into records, of 20 records with one broken: its name, its
/// text, the broken record's text, and where in it the problem is.
fn per_game() -> Vec<(&'static str, String, &'static str, &'static str)> {
    let files: [(&str, &str, &str, &str); 6] = [
        (
            "hidden.pgn",
            "[Variant \"portal-hidden\"]\n\n1. f3 a6 2. fxg4→c4 {a\n[comment]} *\n\n",
            "[Variant \"portal-hidden\"]\n\n1. f3 a6 2. fxe4→c4 *\n\n",
            "fxe4",
        ),
        (
            "howe.pgn",
            "[Variant \"portal-howe\"]\n\n1:Ae4 Ba5 {a comment}\n2:Bh4 Ae5 *\n\n",
            "[Variant \"portal-howe\"]\n\n1:Ae4 Ba5 2:Ae4 *\n\n",
            "2:Ae4",
        ),
        (
            "games.qgn",
            "[Game \"Quantum Chamber\"]\n[Result \"*\"]\n1. a1~c3 Xd4-e5 {a lock} 2. a3~c5^e7 f7xd7 *\n\n",
            "[Game \"Quantum Chamber\"]\n[Setup \"2ss/2X1c/1s1S2/7/2l3/1S3/L3 r 0:0 -\"]\n1. b2xd4~f6~d4 *\n",
            "b2xd4",
        ),
        (
            "games.usi",
            "position startpos\n  moves 2g2f 8c8d\n",
            "position startpos moves 7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c+ 3f3g+ P*2e\n",
            "P*2e",
        ),
        (
            "positions.sfen",
            "# a position\n4k4/9/9/9/9/9/9/9/4K4 b 2P 1\n",
            "4k4/9/9/9/9/9/9/9/4K4 b 2Z 1\n",
            "2Z",
        ),
        (
            "lines.sfen",
            "position startpos moves 7g7f 3c3d\n",
            "sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b 5a5b 7g7f\n",
            "7g7f\n",
        ),
    ];
    files
        .into_iter()
        .map(|(name, good, bad, at)| {
            let mut text = good.repeat(13);
            text.push_str(bad);
            text.push_str(&good.repeat(6));
            (name, text, bad, at)
        })
        .collect()
}

/// Each notation's file of 20 records, one broken, reports 20 records, the broken one at
/// its line, its problem at its own; the other 19 valid.
#[test]
fn each_notation_reports_every_record_at_its_place() {
    for (name, text, bad, at) in per_game() {
        let dir = temp_dir(&format!("game-{}", name.replace('.', "-")));
        let file = dir.join(name);
        std::fs::write(&file, &text).unwrap();
        let o = run(
            &["validate", "--json", "--summary", "-j", "2", path(&file)],
            None,
        );
        let docs: Vec<serde_json::Value> = out(&o)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let summary = &docs.last().unwrap()["summary"];
        assert_eq!(summary["records"], 20, "{name}: {summary}");
        assert_eq!(summary["valid"], 19, "{name}: {summary}");
        let start = text.find(bad).unwrap();
        let line = text[..start].matches('\n').count() + 1;
        let broken = docs
            .iter()
            .find(|d| d["valid"] == false)
            .unwrap_or_else(|| panic!("{name}: {}", out(&o)));
        assert_eq!(broken["index"], 14, "{name}: {broken}");
        assert_eq!(broken["line"], line, "{name}: {broken}");
        let problem = start + bad.find(at).unwrap();
        let problem_line = text[..problem].matches('\n').count() + 1;
        assert_eq!(
            broken["errors"][0]["line"], problem_line,
            "{name}: {broken}"
        );
        assert_eq!(o.status.code(), Some(1), "{name}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
