//! Help, self and reflex play over Quantum Chamber's win, on the generic solvers
//! ([`crate::solver::stipulated`]). Quantum Chamber has no checkmate (§16): the goal `#`
//! is the game's win, a move after which the game ends (E1, E2 or E3, §11) with the side
//! that made it ahead by §12; QMN marks such a move `#` (§14). `=` is the drawn end: the
//! game ends with equal scores and equal captured Absorbers. There is no passing, so no
//! series play. The conventions are in `docs/stipulations.md`.
//!
//! The dead-position test (E3) has a node budget. A position whose verdict it leaves
//! undetermined ends every line here (no move is tried from it and it is no goal), so a
//! line the solvers report never passes through one; the search remembers that it met
//! one ([`Chamber::unresolved`]), and the answer then says it proves nothing more.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::core::Game;
use crate::games::quantum::ending::Status;
use crate::games::quantum::movegen;
use crate::games::quantum::moves::Move;
use crate::games::quantum::position::{FnvBuild, Position};
use crate::games::quantum::solve::chase::{Chase, Ply, STATUS_LIMIT};
use crate::solver::stipulated::Stipulated;
use crate::solver::{Limits, Unit};

/// The canonical texts of a position's moves, by move.
type Texts = Rc<HashMap<Move, String, FnvBuild>>;

/// The move texts of the positions met, shared by every position of one search.
type TextMemo = Rc<RefCell<HashMap<u64, (Position, Texts), FnvBuild>>>;

/// Positions whose move texts are remembered before the memo is emptied: the solvers ask
/// for the text of every move they try, and a line is at most 41 plies deep.
const TEXT_LIMIT: usize = 256;

/// A Quantum Chamber position as the help and self solvers play it: the position with the
/// memo of its search (the state of play of each position met, its ordered moves, their
/// texts), shared by every position of one search.
#[derive(Clone, Debug)]
pub struct Chamber {
    chase: Chase,
    texts: TextMemo,
}

impl Chamber {
    /// The root of a search from `pos`, its status memo sized to half the memory limit
    /// (the solver's table takes the other half).
    pub fn new(pos: Position, limits: &Limits) -> Chamber {
        let entries = limits.entries(512, Chase::status_entry_bytes(&pos), STATUS_LIMIT);
        Chamber {
            chase: Chase::new(pos).with_status_limit(entries),
            texts: Rc::default(),
        }
    }

    /// Some position of the search had its dead-position verdict left undetermined.
    pub fn unresolved(&self) -> bool {
        self.chase.unresolved()
    }

    /// The texts of this position's moves, generated once.
    fn texts(&self) -> Texts {
        let pos = &self.chase.pos;
        let key = pos.key();
        if let Some((p, t)) = self.texts.borrow().get(&key)
            && p == pos
        {
            return t.clone();
        }
        let texts: Texts = Rc::new(
            movegen::legal_moves(pos)
                .into_iter()
                .map(|g| (g.mv, g.text))
                .collect(),
        );
        let mut memo = self.texts.borrow_mut();
        if memo.len() >= TEXT_LIMIT {
            memo.clear();
        }
        memo.insert(key, (pos.clone(), texts.clone()));
        texts
    }
}

impl Game for Chamber {
    type Move = Move;

    /// The distinct moves (§10), those gaining most first; none once the game is over, or
    /// when E3 was left undetermined here.
    fn legal_moves(&self) -> Vec<Move> {
        if self.chase.status() != Status::Ongoing {
            return Vec::new();
        }
        let plies = self.chase.legal_moves().into_iter();
        plies
            .filter_map(|p| match p {
                Ply::Play(m) => Some(m),
                Ply::Collect => None,
            })
            .collect()
    }

    fn after(&self, mv: Move) -> Chamber {
        Chamber {
            chase: self.chase.after(Ply::Play(mv)),
            texts: self.texts.clone(),
        }
    }

    /// Board, side to move, captured Absorbers and lock; not the move number.
    fn key(&self) -> u64 {
        self.chase.key()
    }

    /// No checks in this game.
    fn in_check(&self) -> bool {
        false
    }

    /// Canonical short form (§14), with `#` when the game ends after the move.
    fn move_text(&self, mv: Move) -> String {
        let text = self.texts().get(&mv).cloned();
        let text = text.unwrap_or_else(|| format!("{mv:?}"));
        match self.after(mv).chase.status() {
            Status::Over { .. } => format!("{text}#"),
            _ => text,
        }
    }
}

/// Quantum Chamber's stipulations beyond its puzzle goals: Popeye's spellings counted in
/// moves, the goal `#` the win (which gives no check), `=` the drawn end; no passing.
impl Stipulated for Chamber {
    const NAME: &'static str = "quantum";
    const UNIT: Unit = Unit::Moves;
    const MAX_LENGTH: u32 = 20;
    const HAS_STALEMATE: bool = true;
    const MATE_GIVES_CHECK: bool = false;

    fn passed(&self) -> Option<Chamber> {
        None
    }

    /// The game is over and the side to move lost it (§12).
    fn mated(&self) -> bool {
        let side = self.chase.pos.side;
        matches!(self.chase.status(), Status::Over { winner: Some(w), .. } if w != side)
    }

    /// The game is over, drawn: equal scores and equal captured Absorbers (§12).
    fn stalemated(&self) -> bool {
        matches!(self.chase.status(), Status::Over { winner: None, .. })
    }
}

#[cfg(test)]
mod tests {
    use crate::games::quantum::ending::{self, Status};
    use crate::games::quantum::face::{self, Quantum};
    use crate::games::quantum::position::Position;
    use crate::solver::{Answer, Limit, Limits, Outcome, StipulationError};
    use crate::{Game, Stipulation};
    use std::collections::BTreeSet;

    fn pos(qfen: &str) -> Position {
        qfen.parse().unwrap()
    }

    fn solve(qfen: &str, stip: &str) -> Answer {
        let stip: Stipulation = stip.parse().unwrap();
        face::solve_stipulation(&pos(qfen), &stip, &Limits::default()).unwrap()
    }

    /// Every line of one move of each side from `p` (in play) after which the game is over
    /// with the side that moved second the winner (or, `draw`, drawn): by brute force over
    /// the face's legal moves and the end conditions, without the solvers.
    fn brute_force_h1(p: &Position, draw: bool) -> BTreeSet<Vec<String>> {
        let mut out = BTreeSet::new();
        assert_eq!(ending::status(p), Status::Ongoing);
        for first in face::legal_moves(p) {
            if ending::status(&first.result) != Status::Ongoing {
                continue;
            }
            let winner = if draw { None } else { Some(first.result.side) };
            for second in face::legal_moves(&first.result) {
                if let Status::Over { winner: w, .. } = ending::status(&second.result)
                    && w == winner
                {
                    out.insert(vec![first.text.clone(), second.text.clone()]);
                }
            }
        }
        out
    }

    /// The lines of a help answer, without the end marks.
    fn lines(a: &Answer) -> BTreeSet<Vec<String>> {
        let help = a.help.as_ref().unwrap();
        assert!(help.complete);
        help.solutions
            .iter()
            .map(|s| {
                assert!(s.moves.last().unwrap().ends_with('#'), "{:?}", s.moves);
                s.moves
                    .iter()
                    .map(|m| m.trim_end_matches('#').to_string())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn helpwins_and_helpdraws_in_one_are_every_line_a_brute_force_finds() {
        for (qfen, stip, count) in [
            ("4/4s/1X4/L4L1/X2cL1/1s3/4 b 0:0 -", "h#1", 12),
            ("4/4s/1X4/L4L1/X2cL1/1s3/4 b 0:0 -", "h=1", 5),
            ("2c1/5/6/1L2c2/3S1s/5/1X2 b 0:0 -", "h#1", 2),
            ("2L1/3X1/2s3/7/2s2X/1l2S/Cl2 r 0:0 -", "h#1", 0),
        ] {
            let a = solve(qfen, stip);
            let theirs = brute_force_h1(&pos(qfen), stip.starts_with("h="));
            assert_eq!(lines(&a), theirs, "{qfen} {stip}");
            assert_eq!(theirs.len(), count, "{qfen} {stip}");
            let solved = if count > 0 {
                Outcome::Solved
            } else {
                Outcome::NoSolution
            };
            assert_eq!(a.result, solved, "{qfen} {stip}");
        }
    }

    #[test]
    fn series_play_is_refused_naming_the_game() {
        let stip: Stipulation = "ser-h#2".parse().unwrap();
        let Err(StipulationError::Unsupported(why)) = Quantum::check_stipulation(&stip) else {
            panic!("ser-h#2 accepted");
        };
        assert!(why.starts_with("quantum cannot solve ser-h#2"), "{why}");
        assert!(why.contains("no series play"), "{why}");
        let p = pos("2L1/3X1/2s3/7/2s2X/1l2S/Cl2 r 0:0 -");
        assert!(Quantum::solve_stipulation(&p, &stip, &Limits::default()).is_err());
        let direct: Stipulation = "#2".parse().unwrap();
        assert!(Quantum::check_stipulation(&direct).is_err());
    }

    /// T6 (§19): `w2` is still the puzzle goal's solver, key `a1@NE`.
    #[test]
    fn the_win_in_two_goal_still_solves() {
        let p = pos("2L1/3X1/2s3/7/2s2X/1l2S/Cl2 r 0:0 -");
        let a = Quantum::solve(&p, 2, &Limits::default());
        assert_eq!(a.result, Outcome::Solved);
        assert_eq!(a.solution.keys, ["a1@NE"]);
    }

    /// A position whose dead-position verdict outgrows its budget: nothing is claimed,
    /// neither a solution nor "no solution".
    #[test]
    fn an_undetermined_dead_position_leaves_the_answer_unknown() {
        let qfen = "1S1S/5/3SXs/7/s5/5/3X r 1:2 -";
        for stip in ["h#1", "s#1", "r#1", "hs#1"] {
            let a = solve(qfen, stip);
            assert_eq!(a.result, Outcome::Unknown, "{stip}");
            assert_eq!(a.stopped_by, Some(Limit::DeadPosition), "{stip}");
            assert!(a.solution.keys.is_empty(), "{stip}");
            if let Some(help) = &a.help {
                assert!(!help.complete);
            }
        }
    }
}
