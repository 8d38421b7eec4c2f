//! Each game's boundary cuts its files where its reader would start a record: the records
//! of the pieces, read and replayed one by one and placed in the whole file, are the
//! records of the file read whole, problem for problem, line for line.

use super::split::{Boundary, Splitter};
use crate::cli::args::GameName;
use crate::cli::game::{Input, adapter};
use crate::cli::json::game_name;

/// A record as a report sees it: plies, result, and each problem's rule, line and offset.
type Seen = (usize, String, Vec<(String, usize, usize)>);

fn seen(text: &str, records: Vec<crate::cli::game::RecordCheck>, at: (u64, u64)) -> Vec<Seen> {
    records
        .into_iter()
        .map(|r| {
            let problems = r
                .problems
                .iter()
                .chain(&r.warnings)
                .map(|p| {
                    let l = p.located(text);
                    let line = l.line + at.1 as usize - 1;
                    (l.rule.name().to_string(), line, l.offset + at.0 as usize)
                })
                .collect();
            (r.plies, r.result.to_string(), problems)
        })
        .collect()
}

/// The records of `text` read whole, and read piece by piece; and how many pieces.
fn both(game: GameName, name: &str, text: &str) -> (Vec<Seen>, Vec<Seen>, usize) {
    let a = adapter(game);
    let whole = Input {
        name: name.into(),
        bytes: text.as_bytes().to_vec(),
    };
    let checked = a.validate(&whole, None).expect("the whole file reads");
    let whole = seen(&checked.text, checked.records, (0, 1));
    let rule = super::boundary_of(&game_name(game), name, text.as_bytes(), None).unwrap();
    assert_ne!(rule, Boundary::Whole, "{name}");
    let mut split = Splitter::new(text.as_bytes(), rule, 1 << 20);
    let (mut pieces, mut n) = (Vec::new(), 0);
    while let Some(c) = split.next_chunk().unwrap() {
        n += 1;
        let input = Input {
            name: name.into(),
            bytes: c.bytes,
        };
        let checked = a.validate(&input, None).expect("a piece reads");
        pieces.extend(seen(&checked.text, checked.records, (c.offset, c.line)));
    }
    (whole, pieces, n)
}

fn same(game: GameName, name: &str, text: &str, records: usize) {
    let (whole, pieces, n) = both(game, name, text);
    assert_eq!(whole.len(), records, "{name}: {whole:?}");
    assert_eq!(pieces, whole, "{name}");
    assert!(n > 1, "{name}: one piece");
    assert!(
        whole.iter().any(|r| !r.2.is_empty()),
        "{name}: no broken record"
    );
}

#[test]
fn portal_pgn_cuts_where_the_chess_reader_does() {
    let good = "[Variant \"portal-hidden\"]\n\n1. f3 a6 2. fxg4→c4 {a\n[comment]} *\n\n";
    let bad = "[Variant \"portal-hidden\"]\n\n1. f3 a6 2. fxe4→c4 *\n\n";
    let text = format!("{good}{good}{bad}{good}");
    same(GameName::PortalHidden, "a.pgn", &text, 4);
    let good = "[Variant \"portal-buckley\"]\n[FEN \"7k/4p3/8/8/8/8/8/R3K3 w - - 0 1 e4:a5\"]\n\n1. Ra5->xe7 Kg8 2. @e4-e5 *\n";
    let bad = "[Variant \"portal-buckley\"]\n\n1. e4 e5 2. Ke3 *\n";
    let text = format!("{good}\n{bad}\n{good}");
    same(GameName::PortalBuckley, "b.pgn", &text, 3);
}

#[test]
fn howe_records_cut_at_their_tags() {
    let game = "[Variant \"portal-howe\"]\n\n1:Ae4 Ba5 {a comment}\n2:Bh4 Ae5 *\n";
    let swap = "[Variant \"portal-howe\"]\n[FEN \"8/8/8/8/P7/8/8/4K3 4k3/8/8/8/p7/8/8/8 wA -/- -/- - 0 20\"]\n\n20: 'intent' 'intent' 21: Aa4->Ba4 --\n";
    let bad = "[Variant \"portal-howe\"]\n\n1:Ae4 Ba5 2:Ae4 *\n";
    let text = format!("{game}\n{swap}{bad}\n{game}");
    same(GameName::PortalHowe, "c.pgn", &text, 4);
}

#[test]
fn qgn_records_cut_at_their_tags() {
    let good = "[Game \"Quantum Chamber\"]\n[Result \"*\"]\n1. a1~c3 Xd4-e5 {the lock; now holds e5} 2. a3~c5^e7 f7xd7 *\n";
    let lock = "[Game \"Quantum Chamber\"]\n1. Xd4-e5 Xe5-e4 *\n";
    let bad = "[Game \"Quantum Chamber\"]\n[Setup \"2ss/2X1c/1s1S2/7/2l3/1S3/L3 r 0:0 -\"]\n1. b2xd4~f6~d4 *\n";
    let text = format!("{good}\n{lock}{bad}\n{good}");
    same(GameName::Quantum, "d.qgn", &text, 4);
}

#[test]
fn usi_and_sfen_cut_at_each_record() {
    let text = "position startpos moves 7g7f 3c3d 8h2b+\nposition startpos\n  moves 2g2f 8c8d\n\
                position startpos moves 7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c+ 3f3g+ P*2e\n\
                position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d\n";
    same(GameName::Shogi, "e.usi", text, 4);
    let text = "# positions\nlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n\n\
                # a comment between\n4k4/9/9/9/9/9/9/9/4K4 b 2P 1\n4k4/9/9/9/9/9/9/9/4K4 b 2P\n\
                8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124\n# end\n";
    let (whole, pieces, n) = both(GameName::Shogi, "f.sfen", text);
    assert_eq!((whole.len(), n), (4, 4), "{whole:?}");
    assert_eq!(pieces, whole);
    let text = "position startpos moves 7g7f 3c3d\nstartpos moves 2g2f\n\
                sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\n\
                position startpos\nmoves 7g7f 3c3d 7f7e 3d3e 7e7d 3e3f 7d7c+ 3f3g+ P*2e\n";
    same(GameName::Shogi, "g.sfen", text, 4);
}

#[test]
fn the_one_record_notations_are_read_whole() {
    for (game, name) in [
        ("shogi", "a.kif"),
        ("shogi", "a.ki2"),
        ("fived", "a.5dpgn"),
        ("shelt", "a.shelt"),
        ("shogi-cards", "a.usi"),
        ("quantum", "a.qfen"),
        ("chess", "a.puzzle"),
    ] {
        let rule = super::boundary_of(game, name, b"", None).unwrap();
        assert_eq!(rule, Boundary::Whole, "{game} {name}");
    }
}
