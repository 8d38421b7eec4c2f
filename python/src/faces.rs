//! What the binding needs of a game beyond `hensoku::Game`: its headers as pairs, a
//! player's name, check and the end of the game. Written once per game; everything else is
//! generic over the trait.

use hensoku::Game;

/// A game as the binding shows it.
pub trait Face:
    Game<
        Position: Send + Sync + 'static,
        Move: Send + Sync + 'static,
        Record: Send + Sync + 'static,
    > + 'static
{
    /// The record's headers (tags), in their order.
    fn headers(_rec: &Self::Record) -> Vec<(String, String)> {
        Vec::new()
    }

    /// A player as the JSON output names it (`white`, `black`, …).
    fn color_name(c: Self::Color) -> String {
        format!("{c:?}").to_lowercase()
    }

    /// Whether the side to move is in check, where the game has check.
    fn is_check(_pos: &Self::Position) -> Option<bool> {
        None
    }

    /// The end reached in `pos` (`checkmate`, `stalemate`, `no_move`) and the winner, or
    /// `None` while the side to move has a move.
    fn outcome(pos: &Self::Position) -> Option<(String, Option<String>)> {
        if Self::legal_moves(pos).is_empty() {
            Some(("no_move".into(), None))
        } else {
            None
        }
    }
}

fn pairs(tags: &[(String, String)]) -> Vec<(String, String)> {
    tags.to_vec()
}

/// Chess and its kin: no move is mate when in check, else stalemate.
fn chess_like_outcome(in_check: bool, to_move_white: bool) -> (String, Option<String>) {
    if in_check {
        let winner = if to_move_white { "black" } else { "white" };
        ("checkmate".into(), Some(winner.into()))
    } else {
        ("stalemate".into(), None)
    }
}

impl Face for hensoku::chess::Chess {
    fn headers(rec: &Self::Record) -> Vec<(String, String)> {
        pairs(&rec.tags)
    }
    fn is_check(pos: &Self::Position) -> Option<bool> {
        Some(pos.in_check())
    }
    fn outcome(pos: &Self::Position) -> Option<(String, Option<String>)> {
        if !hensoku::chess::legal_moves(pos).is_empty() {
            return None;
        }
        let white = pos.to_string().split_whitespace().nth(1) == Some("w");
        Some(chess_like_outcome(pos.in_check(), white))
    }
}

impl Face for hensoku::shogi::Shogi {
    fn headers(rec: &Self::Record) -> Vec<(String, String)> {
        pairs(&rec.headers)
    }
    fn is_check(pos: &Self::Position) -> Option<bool> {
        Some(pos.in_check())
    }
    fn outcome(pos: &Self::Position) -> Option<(String, Option<String>)> {
        if !hensoku::shogi::legal_moves(pos).is_empty() {
            return None;
        }
        // no move in shogi loses, in check or not
        let black = pos.to_string().split_whitespace().nth(1) == Some("b");
        let winner = if black { "white" } else { "black" };
        let reason = if pos.in_check() {
            "checkmate"
        } else {
            "no_move"
        };
        Some((reason.into(), Some(winner.into())))
    }
}

impl Face for hensoku::shogi_cards::ShogiCards {
    fn is_check(pos: &Self::Position) -> Option<bool> {
        Some(pos.in_check())
    }
}

impl Face for hensoku::shelt::Shelt {
    fn headers(rec: &Self::Record) -> Vec<(String, String)> {
        pairs(&rec.headers)
    }
}

impl Face for hensoku::portal::hidden::Hidden {
    fn headers(rec: &Self::Record) -> Vec<(String, String)> {
        pairs(&rec.tags)
    }
}

impl Face for hensoku::portal::buckley::Buckley {
    fn headers(rec: &Self::Record) -> Vec<(String, String)> {
        pairs(&rec.tags)
    }
}

impl Face for hensoku::portal::howe::Howe {
    fn headers(rec: &Self::Record) -> Vec<(String, String)> {
        pairs(&rec.tags)
    }
}

impl Face for hensoku::fived::Fived {
    fn headers(rec: &Self::Record) -> Vec<(String, String)> {
        rec.tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect()
    }
}

impl Face for hensoku::quantum::Quantum {}
