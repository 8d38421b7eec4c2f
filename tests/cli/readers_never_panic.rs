//! Damaged copies of real records, for every reader the fuzz targets cover (KIF with
//! variations, KI2, CSA, PGN with variations, QGN, 5DPGN, puzzle files): reading and
//! replaying them gives records or problems, never a panic. The fuzz targets in `fuzz/` run
//! the same readers far longer; this keeps a short run of them in `cargo test`.

use proptest::prelude::*;

const PGN: &str = "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) \
2. Nf3 {a comment} Nc6 3. Bb5 $1 a6 (3... Nf6 4. O-O) 4. Ba4 *\n";

/// The file as text (a Shift_JIS record read lossily is still a damaged record).
fn file(path: &str) -> String {
    String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned()
}

/// The text with `cut` bytes removed at `at` and `junk` put there (on char boundaries).
fn damage(text: &str, at: usize, cut: usize, junk: &str) -> String {
    let floor = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = floor(at % (text.len() + 1));
    let end = floor(start + cut);
    format!("{}{junk}{}", &text[..start], &text[end..])
}

fn damaged() -> impl Strategy<Value = (usize, usize, String)> {
    (
        0usize..4000,
        0usize..12,
        "[ -~\n変化手同歩▲△()\\[\\]{}$;%]{0,8}",
    )
}

fn shogi(text: &str) {
    if let Ok(records) = hensoku::shogi::read(text) {
        for r in &records {
            let _ = hensoku::shogi::validate(r);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn damaged_shogi_records_never_panic((at, cut, junk) in damaged()) {
        for path in [
            "tests/realworld/shogi/made/branch-after-deeper.kifu",
            "tests/realworld/shogi/made/henka-teme.kifu",
            "tests/realworld/shogi/made/gekisashi-clipboard.ki2",
            "tests/realworld/shogi/made/kfw-ending-time.csa",
        ] {
            shogi(&damage(&file(path), at, cut, &junk));
        }
    }

    #[test]
    fn damaged_pgn_never_panics((at, cut, junk) in damaged()) {
        if let Ok(records) = hensoku::chess::read(&damage(PGN, at, cut, &junk)) {
            for r in &records {
                let _ = hensoku::chess::validate(r);
            }
        }
    }

    #[test]
    fn damaged_qgn_never_panics((at, cut, junk) in damaged()) {
        let text = damage(&file("tests/fixtures/quantum/good.qgn"), at, cut, &junk);
        if let Ok(records) = hensoku::quantum::read(&text) {
            for r in &records {
                let _ = hensoku::quantum::validate(r);
            }
        }
    }

    #[test]
    fn damaged_5dpgn_never_panics((at, cut, junk) in damaged()) {
        let Some(record) = crate::common::read_public("5d/penteract__cwmtt/tests/5dpgn/futures.5dpgn") else {
            return Ok(());
        };
        let text = damage(&record, at, cut, &junk);
        if let Ok(records) = hensoku::fived::read(&text) {
            for r in &records {
                let _ = hensoku::fived::validate(r, &text);
            }
        }
    }

    #[test]
    fn damaged_puzzle_files_never_panic((at, cut, junk) in damaged()) {
        for path in [
            "puzzles/quantum/07-short-chain-win.puzzle",
            "puzzles/shogi/tsumemi-3te-09.puzzle",
            "puzzles/shogi-cards/01-i-rules.puzzle",
        ] {
            let text = damage(&file(path), at, cut, &junk);
            let (puzzle, _) = hensoku::puzzle::parse(&text);
            let _ = puzzle.stipulation();
        }
    }
}
