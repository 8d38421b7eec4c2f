//! E3, the dead position (§11): decided by an exhaustive search of the play without
//! captures, never guessed; a search that outgrows its budget says "undetermined".

use hensoku::quantum::qfen;
use hensoku::quantum::{self, Position, Side};
use hensoku::quantum::{Reason, Status, ending};

fn pos(q: &str) -> Position {
    qfen::parse_position(q).unwrap_or_else(|p| panic!("{q}: {p:?}"))
}

/// Red's only piece that can act is the Charger on b5, and every shot it has flies along an
/// empty line: material falls to 4 and E1 ends the game before any capture. Blue (3) wins.
#[test]
fn a_charger_with_nothing_to_hit_makes_a_dead_position() {
    let p = pos("2c1/4s/6/7/6/4C/4 r 2:3 -");
    assert!(ending::quick_end(&p).is_none());
    assert!(
        quantum::legal_moves(&p).iter().all(|m| !m.is_capture(&p)),
        "no capture now"
    );
    assert_eq!(ending::dead(&p, 100), Some(true));
    assert_eq!(
        ending::status(&p),
        Status::Over {
            reason: Reason::Dead,
            winner: Some(Side::Blue)
        }
    );
}

/// The start has no capture (T1), but captures come a few moves later: not dead.
#[test]
fn a_capture_reachable_later_keeps_the_game_going() {
    let p = Position::startpos();
    assert!(
        quantum::legal_moves(&p).iter().all(|m| !m.is_capture(&p)),
        "no capture now"
    );
    assert_eq!(ending::dead(&p, ending::DEAD_BUDGET), Some(false));
    assert_eq!(ending::status(&p), Status::Ongoing);
}

/// Three Red Skippers and two Blue ones that can never meet, with two Absorbers wandering:
/// the position is dead, but proving it visits millions of positions. Within the default
/// budget the answer is "undetermined", and play goes on (§11: never guess "dead").
#[test]
fn an_outgrown_budget_is_undetermined_not_dead() {
    let p = pos("1S1S/5/3SXs/7/s5/5/3X r 1:2 -");
    assert_eq!(ending::dead(&p, ending::DEAD_BUDGET), None);
    assert_eq!(ending::status(&p), Status::Undetermined);
}
