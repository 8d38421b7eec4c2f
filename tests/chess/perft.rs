//! Perft counts of orthodox chess against the public suites in `data/chess/` of the public test data, beside the repository (sunfish perftsuite,
//! python-chess and shakmaty `*.perft`, chess_perft's Sedlak suite). Counts above a few
//! million nodes are `#[ignore]`d; run them with `cargo test --release -- --ignored`.

use hensoku::Problem;
use hensoku::chess::{Chess, ChessRule, Position, Setup, legal_moves, perft};

fn parse_position(text: &str) -> Result<Position, Problem> {
    text.parse()
}

/// A FEN read as perft suites mean it: castling rights and en passant squares that cannot
/// be are dropped.
fn parse_position_lenient(text: &str) -> Result<Position, Problem> {
    let setup: Setup = text.parse()?;
    let lenient = [
        ChessRule::BadCastlingRights.into(),
        ChessRule::BadEnPassant.into(),
    ];
    <Chess as hensoku::Setup>::position(&setup, &lenient).map_err(|mut ps| ps.remove(0))
}

/// (name, fen, depth, nodes) from the sunfish `perft.epd` (`FEN ;D1 n ;D2 n …`).
/// Each suite is `None` (its skip said) when the public test data is absent.
type Cases = Option<Vec<(String, String, u32, u64)>>;

/// (name, fen, depth, nodes) from the sunfish `perft.epd` (`FEN ;D1 n ;D2 n …`).
fn sunfish() -> Cases {
    let mut out = Vec::new();
    let text = crate::common::read_public("chess/thomasahle__sunfish/tests/files/perft.epd")?;
    for (i, line) in text.lines().enumerate() {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        for p in parts {
            let (d, n) = p.trim().split_once(' ').unwrap();
            out.push((
                format!("sunfish line {}", i + 1),
                fen.clone(),
                d[1..].parse().unwrap(),
                n.parse().unwrap(),
            ));
        }
    }
    Some(out)
}

/// Blocks of `id`, `epd`, `perft d n`: the orthodox entries, or (`chess960`) only the X-FEN and
/// Shredder-FEN (`Ff`) entries and `asymmetrical-and-king-on-h` (black king on h8 with right
/// `q`), whose counts read the castling rights the Chess960 way.
fn dot_perft_of(rel: &str, chess960: bool) -> Cases {
    let mut out = Vec::new();
    let (mut id, mut fen) = (String::new(), String::new());
    for line in crate::common::read_public(rel)?.lines() {
        let line = line.trim();
        if let Some(x) = line.strip_prefix("id ") {
            id = x.to_string();
        } else if let Some(x) = line.strip_prefix("epd ") {
            fen = format!("{x} 0 1");
        } else if let Some(x) = line.strip_prefix("perft ") {
            let (d, n) = x.split_once(' ').unwrap();
            let shredder = fen
                .split(' ')
                .nth(2)
                .is_some_and(|c| c.chars().any(|c| !"KQkq-".contains(c)));
            let is_960 = id.starts_with("xfen") || shredder || id == "asymmetrical-and-king-on-h";
            if is_960 == chess960 {
                out.push((
                    format!("{rel} {id}"),
                    fen.clone(),
                    d.parse().unwrap(),
                    n.parse().unwrap(),
                ));
            }
        }
    }
    Some(out)
}

fn dot_perft(rel: &str) -> Cases {
    dot_perft_of(rel, false)
}

/// chess_perft's JSON suite without its known-bad last entry (`kiwipete`, see README).
fn chess_perft() -> Cases {
    let text = crate::common::read_public("chess/jordanbray__chess_perft/build/perft_inputs.json")?;
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let cases = json
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["id"] != "kiwipete")
        .map(|v| {
            (
                format!("chess_perft {}", v["id"]),
                v["fen"].as_str().unwrap().to_string(),
                v["depth"].as_str().unwrap().parse().unwrap(),
                v["expected"].as_str().unwrap().parse().unwrap(),
            )
        })
        .collect();
    Some(cases)
}

/// How many counts of the suite were checked, or `None` when the suite is absent.
fn run(cases: Cases, min: u64, max: u64) -> Option<usize> {
    let mut checked = 0;
    for (name, fen, depth, nodes) in cases? {
        if nodes < min || nodes > max {
            continue;
        }
        let pos = parse_position_lenient(&fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e:?}"));
        assert_eq!(perft(&pos, depth), nodes, "{name} {fen} depth {depth}");
        checked += 1;
    }
    Some(checked)
}

const FAST: u64 = 200_000;

#[test]
fn sunfish_suite_fast() {
    assert!(run(sunfish(), 0, FAST).is_none_or(|n| n > 400));
}

#[test]
fn tricky_suites_fast() {
    assert!(
        run(
            dot_perft("chess/niklasf__python-chess/examples/perft/tricky.perft"),
            0,
            FAST
        )
        .is_none_or(|n| n > 10)
    );
    assert!(
        run(
            dot_perft("chess/niklasf__shakmaty/shakmaty/tests/tricky.perft"),
            0,
            FAST
        )
        .is_none_or(|n| n > 10)
    );
}

/// Read a FEN as a Chess960 position: `KQkq` name the outermost rooks, wherever the king is.
fn chess960(fen: &str) -> Position {
    let mut setup: Setup = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e:?}"));
    setup.chess960 = true;
    <Chess as hensoku::Setup>::position(&setup, &[]).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

#[test]
fn tricky_suites_chess960_entries() {
    let mut checked = 0;
    for rel in [
        "chess/niklasf__python-chess/examples/perft/tricky.perft",
        "chess/niklasf__shakmaty/shakmaty/tests/tricky.perft",
    ] {
        let Some(cases) = dot_perft_of(rel, true) else {
            return;
        };
        for (name, fen, depth, nodes) in cases {
            if nodes <= 2 * FAST {
                assert_eq!(perft(&chess960(&fen), depth), nodes, "{name} {fen} {depth}");
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "{checked}");
}

/// The first entries of the Chess960 perft suite engines publish (Shredder-FEN rights).
#[test]
fn chess960_suite_depth_1_to_4() {
    let cases = [
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            [21, 528, 12189, 326672],
        ),
        (
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            [21, 807, 18002, 667366],
        ),
        (
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
            [20, 479, 10471, 273318],
        ),
    ];
    for (fen, counts) in cases {
        let pos = parse_position(fen).unwrap();
        assert!(pos.is_chess960(), "{fen}");
        for (depth, nodes) in (1..).zip(counts) {
            assert_eq!(perft(&pos, depth), nodes, "{fen} depth {depth}");
        }
    }
}

#[test]
fn chess_perft_suite_fast() {
    assert!(run(chess_perft(), 0, FAST).is_none_or(|n| n > 5));
}

#[test]
fn random_suite_depth_1_to_3() {
    let cases = dot_perft("chess/niklasf__python-chess/examples/perft/random.perft")
        .map(|cases| cases.into_iter().filter(|c| c.2 <= 3).collect());
    assert!(run(cases, 0, u64::MAX).is_none_or(|n| n > 20_000));
}

/// The README's invalid `ep-unrelated-check` position: the en passant capture does not
/// answer the pawn check, so it is not legal; 2 moves, as python-chess and shakmaty say.
#[test]
fn ep_unrelated_check() {
    let pos = parse_position("rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1")
        .unwrap();
    assert_eq!(legal_moves(&pos).len(), 2);
    assert_eq!(perft(&pos, 3), 2528);
}

#[test]
fn kiwipete_depths_1_to_3() {
    let pos =
        parse_position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    for (d, n) in [48, 2039, 97862].into_iter().enumerate() {
        assert_eq!(perft(&pos, d as u32 + 1), n);
    }
}

#[test]
#[ignore = "billions of nodes in all: run with --release --ignored"]
fn all_suites_deep() {
    run(sunfish(), FAST + 1, u64::MAX);
    run(
        dot_perft("chess/niklasf__python-chess/examples/perft/tricky.perft"),
        FAST + 1,
        u64::MAX,
    );
    run(
        dot_perft("chess/niklasf__shakmaty/shakmaty/tests/tricky.perft"),
        FAST + 1,
        u64::MAX,
    );
    run(chess_perft(), FAST + 1, u64::MAX);
}

#[test]
#[ignore = "27,352 counts up to depth 6: run with --release --ignored"]
fn random_suite_all_depths() {
    run(
        dot_perft("chess/niklasf__python-chess/examples/perft/random.perft"),
        0,
        u64::MAX,
    );
}
