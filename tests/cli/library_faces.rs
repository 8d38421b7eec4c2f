//! What a library user can do is what the CLI does: for every game, a record is read and
//! replayed, a position rendered and a puzzle solved through the public face alone
//! (`hensoku::Game`), and each answer is the CLI's on the same input.

use crate::common::bin::{json, run};
use hensoku::{Ending, Game, Limits, Outcome};

/// One game's inputs: a record file (or text, written to a temporary file) and a puzzle.
struct Case<'a> {
    game: &'a str,
    record: Record<'a>,
    puzzle: &'a str,
    n: u32,
    key: &'a str,
}

enum Record<'a> {
    File(&'a str),
    Text(&'a str, &'a str),
}

/// The record's path for the CLI and its text for the library.
fn record_of(case: &Case) -> (String, String) {
    match case.record {
        Record::File(path) => {
            let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
            let bytes = std::fs::read(&full).unwrap();
            (path.to_string(), String::from_utf8(bytes).unwrap())
        }
        Record::Text(ext, text) => {
            let dir = std::env::temp_dir().join(format!("hensoku-faces-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(format!("{}.{ext}", case.game));
            std::fs::write(&path, text).unwrap();
            (path.to_string_lossy().into_owned(), text.to_string())
        }
    }
}

/// Read → validate → play → render → solve through `G`, checked against the CLI.
fn agrees<G: Game>(case: &Case) {
    let game = case.game;
    assert_eq!(G::NAME, game);
    let (path, text) = record_of(case);

    let records = G::read(&text).unwrap_or_else(|p| panic!("{game}: {p}"));
    let replay = G::validate(&records[0], &text);
    let cli = json(&run(&["validate", "--json", "--game", game, &path], None));
    assert_eq!(cli["valid"], replay.valid(), "{game}: valid");
    assert_eq!(cli["plies"], replay.moves.len(), "{game}: plies");
    assert_eq!(
        cli["result"]["reason"], replay.result.reason,
        "{game}: reason"
    );
    let winner = cli["result"]["winner"].as_str().map(str::to_string);
    let typed = replay
        .result
        .winner()
        .map(|c| format!("{c:?}").to_lowercase());
    if cli["result"].get("winner").is_some() {
        assert_eq!(winner, typed, "{game}: winner");
    }

    // every move of the replay plays again, checked, from its start
    if let (Some(start), Some(end)) = (&replay.start, &replay.end) {
        let mut pos = start.clone();
        for mv in &replay.moves {
            pos = G::play(&pos, mv).unwrap_or_else(|p| panic!("{game}: {p}"));
        }
        assert_eq!(pos.to_string(), end.to_string(), "{game}: replayed end");
    }

    let puzzle: G::Position = case.puzzle.parse().unwrap();
    let cli = json(&run(
        &[
            "render",
            "--json",
            "--game",
            game,
            "--position",
            case.puzzle,
        ],
        None,
    ));
    assert_eq!(
        cli["diagram"],
        G::diagram(&puzzle, false),
        "{game}: diagram"
    );
    assert!(G::svg(&puzzle).starts_with("<svg"), "{game}: svg");

    let answer = G::solve(&puzzle, case.n, &Limits::default());
    assert_eq!(answer.result, Outcome::Solved, "{game}: solved");
    assert_eq!(answer.solution.keys, [case.key], "{game}: key");
    let n = case.n.to_string();
    let cli = json(&run(
        &[
            "solve",
            "--json",
            "--game",
            game,
            "--position",
            case.puzzle,
            "--mate-in",
            &n,
        ],
        None,
    ));
    assert_eq!(
        cli["keys"],
        serde_json::json!([case.key]),
        "{game}: CLI key"
    );

    // the key is legal, and parses back from its own text
    let key = G::parse_move(&puzzle, case.key).unwrap_or_else(|p| panic!("{game}: {p}"));
    assert!(G::legal_moves(&puzzle).contains(&key), "{game}: key legal");
    assert_eq!(G::perft(&puzzle, 1), G::legal_moves(&puzzle).len() as u64);
}

#[test]
fn shogi() {
    agrees::<hensoku::shogi::Shogi>(&Case {
        game: "shogi",
        record: Record::File("tests/realworld/shogi/made/hansoku-make.kifu"),
        puzzle: "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
        n: 1,
        key: "G*5b",
    });
}

#[test]
fn shogi_cards() {
    agrees::<hensoku::shogi_cards::ShogiCards>(&Case {
        game: "shogi-cards",
        record: Record::Text("usi", "position startpos moves 7g7f 3c3d R:8h2b+ 3a2b\n"),
        puzzle: "8k/9/9/7L1/9/9/9/9/9 b S2r2b4g3s4n3l18p 1 I -",
        n: 1,
        key: "I:S*1b",
    });
}

#[test]
fn shelt() {
    agrees::<hensoku::shelt::Shelt>(&Case {
        game: "shelt",
        record: Record::Text("shelt", "tes,vi,pal\nfox,le,umt\n"),
        puzzle: "3,ful,milf,1,eke/7/6,kmir/7/7/7/teems,1,ral,1,ser,2 arxe -/- -/- 0/0",
        n: 2,
        key: "vin,ki,milf ann nim,ki,ful",
    });
}

#[test]
fn chess() {
    agrees::<hensoku::chess::Chess>(&Case {
        game: "chess",
        record: Record::Text("pgn", "1. f3 e5 2. g4 Qh4# 0-1\n"),
        puzzle: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        n: 1,
        key: "Ra8#",
    });
}

#[test]
fn portal_hidden() {
    agrees::<hensoku::portal::hidden::Hidden>(&Case {
        game: "portal-hidden",
        record: Record::Text("pgn", "1. e4 e5 *\n"),
        puzzle: "8/6Q1/8/8/k7/8/8/2K1R3 w - - 0 1 d1,b4,c4,b5",
        n: 2,
        key: "Kxd1→c4",
    });
}

#[test]
fn portal_buckley() {
    agrees::<hensoku::portal::buckley::Buckley>(&Case {
        game: "portal-buckley",
        record: Record::Text("pgn", "1. d4 d5 *\n"),
        puzzle: "R1k1K3/8/8/8/8/8/8/8 w - - 0 1 d6:b8",
        n: 1,
        key: "@d6-c7#",
    });
}

#[test]
fn portal_howe() {
    agrees::<hensoku::portal::howe::Howe>(&Case {
        game: "portal-howe",
        record: Record::Text("pgn", "[Event \"faces\"]\n\n1:Ae4 Ba5 2:Bh4 Ae5 *\n"),
        puzzle: "8/8/6n1/7K/8/8/8/8 8/4R1Q1/7k/8/3r4/3p4/8/8 wA -/- -/- - 0 1",
        n: 1,
        key: "kAh5→?#",
    });
}

#[test]
fn fived() {
    agrees::<hensoku::fived::Fived>(&Case {
        game: "fived",
        record: Record::File("tests/realworld/fived/made/princess-short.5dpgn"),
        puzzle: "[Mode \"5D\"]\n[Board \"Standard\"]\n1. e3 / f6\n2. d3 / g5\n",
        n: 1,
        key: "(0T3)Qh5#",
    });
}

#[test]
fn quantum() {
    agrees::<hensoku::quantum::Quantum>(&Case {
        game: "quantum",
        record: Record::File("tests/fixtures/quantum/good.qgn"),
        puzzle: "2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1",
        n: 1,
        key: "c2@NE",
    });
}

/// A won game's typed result names its winner; a stalemate is a draw.
#[test]
fn results_are_typed() {
    use hensoku::chess::{Chess, Color};
    let mate = Chess::read("1. f3 e5 2. g4 Qh4# 0-1\n").unwrap();
    assert_eq!(
        Chess::validate(&mate[0], "").result.ending,
        Ending::Win(Color::Black)
    );
    let stalemate = "[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n\n*\n";
    let r = Chess::validate(&Chess::read(stalemate).unwrap()[0], "");
    assert_eq!(
        (r.result.ending, r.result.reason.as_str()),
        (Ending::Draw, "stalemate")
    );
}

/// A checked play names the rule an illegal move breaks; shogi's is exact.
#[test]
fn checked_play_names_the_rule() {
    use hensoku::shogi::Shogi;
    let pos: hensoku::shogi::Position = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1".parse().unwrap();
    let nifu: hensoku::shogi::Move = "P*5e".parse().unwrap();
    let p = Shogi::play(&pos, &nifu).unwrap_err();
    assert_eq!(p.rule, hensoku::shogi::ShogiRule::TwoPawns);
}

/// The games the command line knows are exactly the games with a face: adding a game is
/// its folder, its face's `Game` impl, and its name in the CLI's list (docs/architecture.md).
#[test]
fn the_cli_knows_every_face_and_no_other() {
    use hensoku::{chess, fived, portal, quantum, shelt, shogi, shogi_cards};
    let mut faces = vec![
        shogi::Shogi::NAME,
        shogi_cards::ShogiCards::NAME,
        shelt::Shelt::NAME,
        chess::Chess::NAME,
        portal::hidden::Hidden::NAME,
        portal::buckley::Buckley::NAME,
        portal::howe::Howe::NAME,
        fived::Fived::NAME,
        quantum::Quantum::NAME,
    ];
    let help = crate::common::bin::out(&run(&["perft", "--help"], None));
    let values = help
        .split("[possible values: ")
        .nth(1)
        .and_then(|r| r.split(']').next())
        .expect("--game lists its values");
    let mut cli: Vec<&str> = values.split(", ").collect();
    faces.sort_unstable();
    cli.sort_unstable();
    assert_eq!(cli, faces);
}
