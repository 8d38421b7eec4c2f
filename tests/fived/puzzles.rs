//! Every puzzle in `puzzles/fived/` is solved with exactly its stated keys, and the data
//! corpus puzzles give their known answers.

use hensoku::Limits;
use hensoku::fived::pgn;
use hensoku::fived::validate as replay;
use hensoku::fived::{mate_in_of_tag, solve};

fn keys_of(text: &str, n: Option<u32>) -> (Vec<String>, u32) {
    let rec = pgn::parse(text).expect("reads");
    let r = replay(&rec, text);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let n = n
        .or_else(|| rec.tag("Puzzle").and_then(|t| mate_in_of_tag(&t.value)))
        .expect("mate-in-N");
    let mv = r.end.expect("position");
    let limits = Limits {
        nodes: Some(5_000_000),
        ..Limits::default()
    };
    let answer = solve(&mv, n, &limits);
    assert_eq!(answer.stopped_by, None, "search limit reached");
    (answer.solution.keys, n)
}

#[test]
fn every_puzzle_has_exactly_its_keys() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/fived");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("puzzles")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "5dpgn"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{} puzzles", files.len());
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read");
        let rec = pgn::parse(&text).expect("reads");
        let mut want: Vec<String> = rec
            .tags
            .iter()
            .filter(|t| t.name == "Key")
            .map(|t| t.value.clone())
            .collect();
        let (mut got, _) = keys_of(&text, None);
        want.sort();
        got.sort();
        assert_eq!(got, want, "{}", f.display());
    }
}

#[test]
fn rook_tactics_1_has_the_unique_key_re1e5() {
    let (keys, _) = keys_of(
        &public_text!("5d/adri326__5dchess-tools@v2/tests/games/puzzles/rook-tactics-1.5dpgn"),
        None,
    );
    assert_eq!(keys, ["(0T3)Re5#"]);
}

#[test]
fn rook_tactics_2_is_mate_in_two_with_two_keys() {
    let text =
        public_text!("5d/adri326__5dchess-tools@v2/tests/games/puzzles/rook-tactics-2.5dpgn");
    assert_eq!(keys_of(&text, Some(1)).0.len(), 0);
    assert_eq!(
        keys_of(&text, None),
        (vec!["(0T2)Rf1*".to_string(), "(0T2)Rb5".to_string()], 2)
    );
}

#[test]
fn brawn_tactics_1_is_mate_in_one() {
    let (keys, _) = keys_of(
        &public_text!("5d/Slavrick__5dChessGUI/res/Puzzles/Brawn Tactics 1.5DPGN.txt"),
        None,
    );
    assert_eq!(keys, ["(0T3)We3#"]);
}
