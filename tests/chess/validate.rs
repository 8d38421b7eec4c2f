//! The chess validator on PGN records: legal games replay to their result; each kind of
//! illegal move gets a spanned problem naming its rule (snapshotted); SAN and FEN printers
//! round-trip through their readers.

use hensoku::Problem;
use hensoku::chess::{self, Chess, Position, Setup};

/// The game's problems, its moves and how it ended.
fn replay(record: &chess::Record) -> chess::Replay {
    chess::validate(record)
}

/// Morphy's Opera game (Paris 1858), with a comment, a NAG and a variation.
const OPERA: &str = r#"[Event "Paris"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {a weak move} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6
7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 $2 (9... Qb4+ 10. Qxb4) 10. Nxb5 cxb5 11. Bxb5+ Nbd7
12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
"#;

fn problems_of(text: &str) -> Vec<Problem> {
    chess::read(text)
        .unwrap()
        .iter()
        .flat_map(|r| replay(r).problems)
        .collect()
}

/// One line per problem: rule, ply, the text the span covers, message.
fn describe(text: &str, problems: &[Problem]) -> String {
    problems
        .iter()
        .map(|p| {
            let at = &text[p.span.offset..p.span.end()];
            format!(
                "{} (ply {:?}) at `{at}`: {}",
                p.rule.name(),
                p.ply,
                p.message
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_opera_game_is_valid_and_ends_in_mate() {
    let games = chess::read(OPERA).unwrap();
    assert_eq!(games.len(), 1);
    let r = replay(&games[0]);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.moves.len(), 33);
    assert_eq!(r.result.reason, "checkmate");
    assert_eq!(r.result.winner.as_deref(), Some("white"));
    let m = &games[0].moves[5];
    assert_eq!(m.comments, vec!["a weak move"]);
    assert_eq!(games[0].moves[17].nags, vec![2]);
    assert_eq!(games[0].moves[17].variations[0].len(), 2);
}

#[test]
fn canonical_pgn_round_trips() {
    let games = chess::read(OPERA).unwrap();
    let r = replay(&games[0]);
    let text = chess::print_record(&games[0], &r.start).unwrap();
    insta::assert_snapshot!("opera_canonical", text);
    let again = chess::read(&text).unwrap();
    let r2 = replay(&again[0]);
    assert_eq!(r2.moves, r.moves);
    assert_eq!(again[0].moves[17].variations.len(), 1);
    assert_eq!(chess::print_record(&again[0], &r2.start).unwrap(), text);
}

#[test]
fn illegal_moves_name_their_rule() {
    let cases = [
        // castling across f1, which the rook on f2 attacks
        "[FEN \"4k3/8/8/8/8/8/5r2/4K2R w K - 0 1\"]\n\n1. O-O *",
        "1. e4 b6 2. Nf3 Ba6 3. Bc4 Bxc4 4. Nc3 Bf1 5. O-O *",
        // the knight on c6 is pinned by Bb5 against the king on e8
        "1. e4 d5 2. Bb5+ Nc6 3. a3 Ne5 *",
        // knights on c4 and f3 both reach e5
        "1. Nf3 Nf6 2. Na3 Na6 3. Nc4 Nc5 4. d3 d6 5. Ne5 *",
        "1. e4 e5 2. Ke3 *",
        "1. e4 e5 2. Bxe5 *",
        "1. e4 e5 2. f3 Qh4 3. g4 Qxe4+ 4. Kf2 *",
        "1. f3 e5 2. g4 Qh4# 3. a3 0-1",
        "1. f3 e5 2. g4 Qh4# 1-0",
        "1. e4 e5 2. Qh5 Nc6 3. Qxf7# 1-0",
        "1. e4 e5 2. e9 *",
        "1. e4 (1. d4 d5 2. Ke3) e5 *",
        "1. e4 e5 2. O-O-O *",
        "[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. b8 *",
        "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Nf3 *",
        "1. e4 d5 2. exd5 e5 3. dxe6 Ke7 4. e5 *",
        "[FEN \"KK6/8/8/8/8/8/8/7k w - - 0 1\"]\n\n1. Ka7 *",
    ];
    let mut out = String::new();
    for text in cases {
        out.push_str(&format!(
            "{text}\n  {}\n",
            describe(text, &problems_of(text)).replace('\n', "\n  ")
        ));
    }
    insta::assert_snapshot!("illegal_moves", out);
}

#[test]
fn draws_by_repetition_and_fifty_moves_are_noticed() {
    let text = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *";
    let r = replay(&chess::read(text).unwrap()[0]);
    assert_eq!(r.result.claimable, vec!["threefold_repetition"]);
    let text =
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 *";
    assert_eq!(
        replay(&chess::read(text).unwrap()[0]).result.reason,
        "fivefold_repetition"
    );
    let fifty = "[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 99 80\"]\n\n80. Rh2 *";
    assert_eq!(
        replay(&chess::read(fifty).unwrap()[0]).result.claimable,
        vec!["fifty_moves"]
    );
}

#[test]
fn stalemate_and_dead_positions() {
    let stale = "[FEN \"7k/8/6QK/8/8/8/8/8 w - - 0 1\"]\n\n1. Qe4 *";
    let r = replay(&chess::read(stale).unwrap()[0]);
    assert_eq!(r.result.reason, "unfinished");
    let stale = "[FEN \"7k/8/7K/8/8/8/8/5Q2 w - - 0 1\"]\n\n1. Qf7 1/2-1/2";
    assert_eq!(
        replay(&chess::read(stale).unwrap()[0]).result.reason,
        "stalemate"
    );
    let dead = "[FEN \"7k/8/6nK/8/8/8/8/8 w - - 0 1\"]\n\n1. Kxg6 *";
    assert_eq!(
        replay(&chess::read(dead).unwrap()[0]).result.reason,
        "insufficient_material"
    );
}

/// Random playouts: every legal move prints to SAN that reads back to the same move;
/// every position's FEN reads back to the same position, with the same repetition key
/// (the key kept up to date move by move equals the one of the board set up afresh).
#[test]
fn san_and_fen_round_trip_on_random_games() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _game in 0..150 {
        let mut pos = Position::startpos();
        for _ply in 0..120 {
            let moves = chess::legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let text = chess::move_text(&pos, m);
                let read: chess::SanPlus = text.parse().unwrap();
                assert_eq!(read.to_move(&pos).unwrap(), m, "{text} in {pos}");
            }
            let f = pos.to_string();
            let back = f.parse::<Position>().unwrap();
            assert_eq!(back.to_string(), f);
            assert_eq!(back.hash(), pos.hash(), "{f}");
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos = pos.after(moves[(seed % moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn bad_fens_get_every_problem() {
    let cases = [
        "KK6/8/8/8/8/8/8/7k w - - 0 1",
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1 extra",
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        "4k3/8/8/8/9/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
        "4k3/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "",
        "4kX2/8/8/8/8/8/8/4K3 w - - 0 1",
    ];
    let mut out = String::new();
    for text in cases {
        let problems = match text.parse::<Setup>() {
            Err(p) => vec![p],
            Ok(s) => <Chess as hensoku::Setup>::position(&s, &[])
                .err()
                .unwrap_or_default(),
        };
        out.push_str(&format!(
            "{text:?}\n  {}\n",
            describe(text, &problems).replace('\n', "\n  ")
        ));
    }
    insta::assert_snapshot!("bad_fens", out);
}

#[test]
fn pgn_syntax_errors_are_spanned() {
    for (text, at) in [
        ("1. e4 {never closed", "{"),
        ("1. e4 (1. d4", "("),
        ("[Event \"x\"\n1. e4", "1"),
        ("1. e4 $x", "$x"),
    ] {
        let p = chess::read(text).unwrap_err();
        assert_eq!(p.rule.name(), "Syntax");
        assert_eq!(&text[p.span.offset..p.span.end()], at, "{text}");
    }
}

#[test]
fn several_games_in_one_file() {
    let text = format!("{OPERA}\n[Event \"2\"]\n\n1. e4 e5 *\n\n[Event \"3\"]\n\n1. e4 e4 *\n");
    let games = chess::read(&text).unwrap();
    assert_eq!(games.len(), 3);
    let verdicts: Vec<usize> = games.iter().map(|g| replay(g).problems.len()).collect();
    assert_eq!(verdicts, vec![0, 0, 1]);
}
