//! The position strings of Hidden's, Buckley's and Howe's games as `Setup`s: syntax only,
//! printed back, every problem reported, the repairable ones accepted.

use hensoku::chess::ChessRule;
use hensoku::portal::{PortalRule, buckley, hidden, howe};
use hensoku::{CommonRule, Rule, Setup};

fn rules<G: Setup>(text: &str, accept: &[Rule]) -> Vec<Rule> {
    let setup: G::Setup = text.parse().unwrap_or_else(|_| panic!("{text}"));
    match G::position(&setup, accept) {
        Ok(_) => Vec::new(),
        Err(problems) => problems.into_iter().map(|p| p.rule).collect(),
    }
}

/// The setup prints back as read, and the start's setup builds the start.
fn round_trips<G: Setup>(texts: &[&str]) {
    for text in texts {
        let setup: G::Setup = text.parse().unwrap();
        assert_eq!(setup.to_string(), *text);
    }
    let start = G::start();
    let setup = G::setup(&start);
    assert_eq!(setup.to_string(), start.to_string());
    let again = G::position(&setup, &[]).unwrap();
    assert_eq!(again.to_string(), start.to_string());
}

const LENIENT: [Rule; 2] = [
    Rule::Chess(ChessRule::BadCastlingRights),
    Rule::Chess(ChessRule::BadEnPassant),
];

#[test]
fn hidden_setups_report_every_problem() {
    // a piece on a stack, a castling right without its rook, and Black in check
    let text = "k7/8/8/8/8/1N6/8/R3K3 w K - 0 1 b3,b3,a1";
    assert_eq!(
        rules::<hidden::Hidden>(text, &[]),
        [
            Rule::from(ChessRule::BadCastlingRights),
            PortalRule::PieceOnStack.into(),
            CommonRule::OpponentInCheck.into(),
        ]
    );
    let repairable = "4k3/8/8/8/8/8/8/R3K3 w K e6 0 1 b3,h6";
    assert_eq!(rules::<hidden::Hidden>(repairable, &[]).len(), 2);
    assert!(rules::<hidden::Hidden>(repairable, &LENIENT).is_empty());
    round_trips::<hidden::Hidden>(&["k7/8/8/8/8/8/8/R3K3 w - - 0 1 a1,b3,b3"]);
}

#[test]
fn buckley_setups_report_every_problem() {
    // both portal squares hold a piece, no pawn passed e6, and a pawn on the last rank
    let text = "4k2P/8/8/8/8/8/8/R3K3 w - e6 0 1 a1:e8";
    assert_eq!(
        rules::<buckley::Buckley>(text, &[]),
        [
            Rule::from(ChessRule::PawnOnBackRank),
            ChessRule::BadEnPassant.into(),
            PortalRule::PairOverfull.into(),
        ]
    );
    let repairable = "4k3/8/8/8/8/8/8/4K3 w Q e6 0 1 e4:a5";
    assert_eq!(rules::<buckley::Buckley>(repairable, &[]).len(), 2);
    assert!(rules::<buckley::Buckley>(repairable, &LENIENT).is_empty());
    round_trips::<buckley::Buckley>(&["4k3/8/8/8/8/8/8/4K3 w - - 0 1 e4:e4!"]);
}

#[test]
fn howe_setups_report_every_problem() {
    // an intent off the portals, a castling right without its king in A, and White's king
    // attacked with Black next in A (White moved last)
    let text = "4r3/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 bA Q/- -/- wBb4 0 1";
    let found = rules::<howe::Howe>(text, &[]);
    for rule in [
        Rule::from(ChessRule::BadCastlingRights),
        PortalRule::IntentOffPortal.into(),
        PortalRule::KingInDanger.into(),
    ] {
        assert!(found.contains(&rule), "{rule:?} missing from {found:?}");
    }
    let repairable = "8/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 wA Q/- e6/- - 0 1";
    assert_eq!(rules::<howe::Howe>(repairable, &[]).len(), 2);
    assert!(rules::<howe::Howe>(repairable, &LENIENT).is_empty());
    // a syntax problem is the setup's own
    assert!("8/8 wC".parse::<howe::Setup>().is_err());
    round_trips::<howe::Howe>(&["8/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 wA -/- -/- - 0 1"]);
}
