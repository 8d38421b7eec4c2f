//! Line ends and the byte-order mark, in every text format of every game: a file whose
//! lines end in CR LF, CR CR LF or CR alone, with or without a UTF-8 BOM in front, reads
//! exactly as the same file with LF (`parse --json` and `validate --json` print the same
//! documents, no CR in any value).

use crate::common::bin::{out, run};
use std::path::{Path, PathBuf};

/// One sample per text format: (game, file extension, the text with LF line ends).
fn samples() -> Vec<(&'static str, &'static str, String)> {
    let file = |rel: &str| -> String {
        let bytes = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel))
            .unwrap_or_else(|e| panic!("{rel}: {e}"));
        String::from_utf8(bytes)
            .unwrap_or_else(|_| panic!("{rel} is not UTF-8"))
            .replace("\r\n", "\n")
    };
    vec![
        ("shogi", "kifu", file("tests/realworld/shogi/made/branch-after-deeper.kifu")),
        ("shogi", "ki2u", file("tests/realworld/shogi/made/jishogi-nyugyoku-kire.ki2u")),
        ("shogi", "csa", file("tests/realworld/shogi/made/shogihome-ending-time.csa")),
        ("shogi", "usi", file("tests/realworld/shogi/made/shogihome-multi.usi")),
        ("shogi", "sfen", file("tests/realworld/shogi/made/several.sfen")),
        (
            "shogi-cards",
            "kif",
            "先手のカード：QTRPIABDGSWC\n後手のカード：QTRPIABDGSWC\nカード効果：なし\n先手：羽生\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 R:２二角成(88)\n".to_string(),
        ),
        ("chess", "pgn", file("puzzles/chess/sunfish-sound.pgn")),
        (
            "chess",
            "epd",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n8/8/8/8/8/8/8/K1k5 w - - id \"kings\";\n".to_string(),
        ),
        (
            "portal-howe",
            "pgn",
            "[Variant \"portal-howe\"]\n[Event \"line ends\"]\n\n1:Ae4 Ba5 2:Bh4 Ae5 *\n".to_string(),
        ),
        ("shelt", "shelt", file("puzzles/shelt/01-puzzle-a-pin-fork.shelt")),
        ("fived", "5dpgn", file("puzzles/fived/standard-mate-1.5dpgn")),
        ("quantum", "qgn", file("tests/fixtures/quantum/good.qgn")),
        ("quantum", "puzzle", file("puzzles/quantum/01-chain-capture.puzzle")),
    ]
}

/// The same text with other line ends, with and without a BOM.
fn variants(lf: &str) -> Vec<(&'static str, Vec<u8>)> {
    let with = |end: &str| lf.replace('\n', end).into_bytes();
    let bom = |b: Vec<u8>| [b"\xEF\xBB\xBF".to_vec(), b].concat();
    vec![
        ("crlf", with("\r\n")),
        ("cr", with("\r")),
        ("crcrlf", with("\r\r\n")),
        ("bom-lf", bom(with("\n"))),
        ("bom-cr", bom(with("\r"))),
        ("bom-crcrlf", bom(with("\r\r\n"))),
    ]
}

/// Exit code and standard output of a command on `path`, the file's name taken out.
fn outcome(args: &[&str], path: &Path) -> (Option<i32>, String) {
    let p = path.to_string_lossy().into_owned();
    let mut all: Vec<&str> = args.to_vec();
    all.push(&p);
    let o = run(&all, None);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    (o.status.code(), out(&o).replace(&name, "FILE"))
}

#[test]
fn every_format_reads_every_line_end_as_it_reads_lf() {
    let dir = std::env::temp_dir().join(format!("hensoku-line-ends-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    for (i, (game, ext, text)) in samples().into_iter().enumerate() {
        let lf: PathBuf = dir.join(format!("s{i}-lf.{ext}"));
        std::fs::write(&lf, &text).unwrap();
        for cmd in [
            ["parse", "--json", "--game"],
            ["validate", "--json", "--game"],
        ] {
            let args = [cmd[0], cmd[1], cmd[2], game];
            let want = outcome(&args, &lf);
            assert_eq!(want.0, Some(0), "{game} {ext} LF: {}", want.1);
            assert!(!want.1.contains("\\r"), "{game} {ext}: a CR in {}", want.1);
            for (label, bytes) in variants(&text) {
                let path = dir.join(format!("s{i}-{label}.{ext}"));
                std::fs::write(&path, &bytes).unwrap();
                assert_eq!(
                    outcome(&args, &path),
                    want,
                    "{game} {ext} {label} {}",
                    cmd[0]
                );
                checked += 1;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(checked, 13 * 2 * 6);
}
