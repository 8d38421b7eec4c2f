//! Which stipulations beyond the direct mate a game solves, decided once for every game:
//! help play (`h#n`, `h#n.5`, `h=n`, `ser-h#n`, `ser-#n`, `hs#n`, ばか詰, 協力自玉詰) on
//! [`help`], self and reflex play (`s#n`, `r#n`, 自玉詰) on [`selfmate`]. A game states
//! what it has through [`Stipulated`]: stalemate or not, passing, what its lengths count;
//! the conventions are in `docs/stipulations.md`.

use crate::core::Game;
use crate::solver::{Answer, Goal, Limits, Play, Stipulation, StipulationError, Unit};
use crate::solver::{help, selfmate, shortest};

/// What the help and self solvers need of a game beyond the core trait.
pub trait Stipulated: Game {
    /// The game's name, as refusals spell it (`chess cannot solve h=2: …`).
    const NAME: &'static str;

    /// What a stipulation's length counts: moves (Popeye's spellings, chess and its kin)
    /// or plies (the shogi names). A stipulation counted the other way is refused.
    const UNIT: Unit;

    /// The longest stipulation solved, in [`Self::UNIT`].
    const MAX_LENGTH: u32;

    /// The game has stalemate (no legal move, not in check, draws): chess has, shogi has
    /// not (there it loses).
    const HAS_STALEMATE: bool;

    /// Series play: one side may play several moves in a row while the other passes.
    const SERIES: bool = false;

    /// Every move of the side that moves first must give check: the shogi conventions
    /// (ばか詰, 協力自玉詰, 自玉詰).
    const FIRST_MOVER_CHECKS: bool = false;

    /// A move that mates always gives check, so the help search may skip the last plies
    /// that do not. False where a game ends by capture (Shelt) or by having no move (Howe).
    const MATE_GIVES_CHECK: bool = true;

    /// The position with the other side to move and nothing else changed, for series
    /// play and threats; `None` when that is no position (the side to move is in check).
    fn passed(&self) -> Option<Self>;

    /// The side to move has been mated: the goal of `#`. By default in check with no
    /// legal move.
    fn mated(&self) -> bool {
        self.in_check() && self.legal_moves().is_empty()
    }

    /// The side to move has been stalemated: the goal of `=`. By default not in check with
    /// no legal move. A game whose drawn end is something else (Quantum Chamber: the game
    /// ended with equal scores) says so here, and one whose moves are costly to list in
    /// full (5D's actions) asks only whether there is one.
    fn stalemated(&self) -> bool {
        !self.in_check() && self.legal_moves().is_empty()
    }

    /// The moves the solvers try, in a fixed order: the legal moves, less any a game
    /// knows can change nothing (a card ply that does only what its plain ply does).
    fn tried_moves(&self) -> Vec<Self::Move> {
        self.legal_moves()
    }

    /// The tried moves that give check, in the same order: the only moves of the shogi
    /// names' attacker. A game that can tell a check without playing the move says so.
    fn checking_moves(&self) -> Vec<Self::Move> {
        let mut moves = self.tried_moves();
        moves.retain(|&m| self.after(m).in_check());
        moves
    }

    /// The key of the position after `mv`; a game that can compute it without building
    /// that position says so (the breadth-first search builds only positions it has not
    /// met).
    fn key_after(&self, mv: Self::Move) -> u64 {
        self.after(mv).key()
    }
}

/// The stipulation in `G`'s unit, when `G` solves it here; why not otherwise.
pub fn check<G: Stipulated>(stip: &Stipulation) -> Result<Stipulation, StipulationError> {
    let refuse = |why: &str| {
        Err(StipulationError::Unsupported(format!(
            "{} cannot solve {}: {why}",
            G::NAME,
            stip.spelling()
        )))
    };
    if stip.play == Play::Direct {
        return refuse("a direct mate is the game's own solve");
    }
    if stip.unit != G::UNIT {
        return refuse(&format!("its length counts {}", unit_word(stip.unit)));
    }
    let plays: &[Play] = match G::UNIT {
        Unit::Plies => &[Play::Help, Play::HelpSelf, Play::SelfPlay],
        _ => &[
            Play::Help,
            Play::SeriesHelp,
            Play::SeriesDirect,
            Play::SelfPlay,
            Play::Reflex,
            Play::HelpSelf,
        ],
    };
    if !plays.contains(&stip.play) {
        return refuse(&format!("{} does not play it", G::NAME));
    }
    if stip.half && stip.play != Play::Help {
        return refuse("only help play starts with half a move");
    }
    let series = matches!(stip.play, Play::SeriesHelp | Play::SeriesDirect);
    if series && !G::SERIES {
        return refuse(&format!("{} has no series play", G::NAME));
    }
    match stip.goal {
        Goal::Mate => {}
        Goal::Stalemate if !G::HAS_STALEMATE => {
            return refuse(&format!("{} has no stalemate", G::NAME));
        }
        Goal::Stalemate if matches!(stip.play, Play::Help) || series => {}
        _ => return refuse("this play mates"),
    }
    let most = if shortest::applies::<G>(stip) {
        shortest::MAX_PLIES
    } else {
        G::MAX_LENGTH
    };
    if stip.length.is_none_or(|n| n == 0 || n > most) {
        return Err(StipulationError::Length(format!(
            "{} counts {}: 1 to {most}",
            stip.spelling(),
            unit_word(G::UNIT),
        )));
    }
    Ok(*stip)
}

fn unit_word(unit: Unit) -> &'static str {
    match unit {
        Unit::Plies => "plies",
        Unit::Moves => "moves",
        Unit::Turns => "turns",
    }
}

/// Every solution of `stip` from `pos` (its side to move plays first), or why `G` does
/// not solve it: help play lists every line, self and reflex play give keys and trees.
pub fn solve<G: Stipulated>(
    pos: &G,
    stip: &Stipulation,
    limits: &Limits,
) -> Result<Answer, StipulationError> {
    let stip = check::<G>(stip)?;
    Ok(match stip.play {
        Play::SelfPlay | Play::Reflex => selfmate::solve(pos, stip, limits),
        _ if shortest::applies::<G>(&stip) => shortest::solve(pos, stip, limits),
        _ => help::solve(pos, stip, limits),
    })
}
