//! Standard-shogi tsume: the solver hooks for shogi and the API the CLI calls.
//!
//! Conventions (tsume): the side to move attacks and must check on every ply; the defender
//! holds exactly the hand the position gives it (use `Setup::missing_pieces` to build one
//! when a problem leaves it implicit); length counts plies, futile interpositions not
//! counted; cooks are reported, the last attacker move excepted.
//!
//! One concept per file: `driver` puts a problem to the solver and builds the answer;
//! `hooks` are the game hooks the generic solver calls; `generation` lists checks and
//! evasions fast; `hand_keys` packs the attacker's hand for the table; `futility_probes`
//! builds the positions that judge an interposition; `sennichite` solves under the exact
//! repetition rule.

use serde::Serialize;

use crate::solver::{Answer, Extension, Stipulation, Unit};

mod driver;
mod futility_probes;
mod generation;
mod hand_keys;
mod hooks;
pub mod sennichite;

use crate::games::shogi::position::Position;
use crate::games::shogi::types::Move;

pub use driver::{SolveConfig, solve, solve_with};
pub(crate) use generation::{checks, evasions};

/// What standard shogi's answer adds to the shared one (under `extension` in JSON).
#[derive(Clone, Debug, Default, Serialize)]
pub struct ShogiExtension {
    /// The mate needs the exact sennichite rule (a position may occur three times; see
    /// `sennichite`): the plain search, which counts any repetition as the attacker's
    /// failure, found none. No solution tree or cooks are given then.
    pub sennichite: bool,
    /// The bytes the search's table took.
    pub table_bytes: usize,
    /// The search's counters (for the crate's own tests and tools).
    #[doc(hidden)]
    #[serde(skip)]
    pub stats: crate::solver::Stats,
}

impl Extension for ShogiExtension {
    fn notes(&self) -> Vec<String> {
        if self.sennichite {
            vec!["the mate needs the exact sennichite rule: a position may occur three times, the fourth is the attacker's perpetual check".into()]
        } else {
            Vec::new()
        }
    }
}

/// The tsume answer before any search (lengths in plies): unknown, nothing found.
pub fn unknown_answer<X>(mate_in: Option<u32>, extension: X) -> Answer<X> {
    Answer::new(Stipulation::mate(mate_in, Unit::Plies), extension)
}

#[cfg(test)]
mod first_pass_tool;
#[cfg(test)]
mod searcher_tests;

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer says when the mate needs the exact sennichite rule, and only then.
    #[test]
    fn only_a_sennichite_mate_carries_a_note() {
        let mut x = ShogiExtension::default();
        assert!(x.notes().is_empty());
        x.sennichite = true;
        assert_eq!(x.notes().len(), 1);
        assert!(x.notes()[0].contains("sennichite"));
        let answer = unknown_answer(Some(7), ShogiExtension::default());
        assert_eq!(answer.result, crate::solver::Outcome::Unknown);
    }
}
