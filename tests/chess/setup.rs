//! FEN as a `Setup`: read for its syntax only, printed back, and turned into a position
//! with every problem reported, or with the repairable ones accepted.

use hensoku::chess::{Chess, ChessRule, Setup};
use hensoku::{CommonRule, Game as _, Rule, Setup as _};

#[test]
fn a_setup_reports_every_problem() {
    // a pawn on the first rank, no right to castle, no pawn that just passed e6, and
    // Black in check with White to move
    let setup: Setup = "k7/8/8/8/8/8/8/R3P1K1 w Q e6 0 1".parse().unwrap();
    let rules: Vec<Rule> = Chess::position(&setup, &[])
        .unwrap_err()
        .into_iter()
        .map(|p| p.rule)
        .collect();
    assert_eq!(
        rules,
        [
            Rule::from(ChessRule::PawnOnBackRank),
            ChessRule::BadCastlingRights.into(),
            ChessRule::BadEnPassant.into(),
            CommonRule::OpponentInCheck.into(),
        ]
    );
}

#[test]
fn accepted_rules_are_repaired() {
    let setup: Setup = "4k3/8/8/8/8/8/8/R3K3 w KQ e6 0 1".parse().unwrap();
    assert_eq!(Chess::position(&setup, &[]).unwrap_err().len(), 2);
    let castling = [ChessRule::BadCastlingRights.into()];
    assert_eq!(Chess::position(&setup, &castling).unwrap_err().len(), 1);
    let both = [
        Rule::from(ChessRule::BadCastlingRights),
        ChessRule::BadEnPassant.into(),
    ];
    let pos = Chess::position(&setup, &both).unwrap();
    assert_eq!(pos.to_string(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    // a rule that leaves no position to build is not accepted
    let two_kings: Setup = "4k3/8/8/8/8/8/8/K3K3 w - - 0 1".parse().unwrap();
    let accept = [CommonRule::TooManyKings.into()];
    assert!(Chess::position(&two_kings, &accept).is_err());
}

#[test]
fn setups_print_back_and_round_trip_through_positions() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "KK6/8/8/8/8/8/8/7k w - - 0 1",
        "rr2k3/8/8/8/8/8/8/R4RK1 w Fb - 0 1",
    ] {
        let setup: Setup = text.parse().unwrap();
        assert_eq!(setup.to_string(), text);
        assert_eq!(setup.to_string().parse::<Setup>().unwrap(), setup);
    }
    let pos = Chess::start();
    let setup = Chess::setup(&pos);
    assert_eq!(setup.to_string(), pos.to_string());
    assert_eq!(
        Chess::position(&setup, &[]).unwrap().to_string(),
        pos.to_string()
    );
    // a setup read from text equals the one of its position, wherever it was read
    let read: Setup = pos.to_string().parse().unwrap();
    assert_eq!(read, setup);
}

#[test]
fn from_str_keeps_the_first_problem() {
    let text = "k7/8/8/8/8/8/8/R3P1K1 w - - 0 1";
    let first = text.parse::<hensoku::chess::Position>().unwrap_err();
    let setup: Setup = text.parse().unwrap();
    assert_eq!(Chess::position(&setup, &[]).unwrap_err()[0], first);
}
