//! Each game's `Position` class (`hensoku.chess.Position`, …): written once, generic over
//! the game's face, and stamped out per game by [`position_class!`].

use crate::faces::Face;
use crate::{record_error_of, safe};
use hensoku::{Goal, Limits, Stipulation};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::time::Duration;

/// The position `text` names (`None` or `"startpos"`: the game's start).
pub fn parse<G: Face>(text: Option<&str>) -> PyResult<G::Position> {
    let text = match text.map(str::trim) {
        None | Some("startpos") => return safe(G::start),
        Some(t) => t.to_string(),
    };
    let parsed = safe({
        let text = text.clone();
        move || text.parse::<G::Position>()
    })?;
    parsed.map_err(|p| record_error_of(&p, &text))
}

/// Every legal move's text.
pub fn legal_moves<G: Face>(pos: &G::Position) -> PyResult<Vec<String>> {
    safe(|| {
        G::legal_moves(pos)
            .iter()
            .map(|m| G::move_text(pos, m))
            .collect()
    })
}

/// The position after the move `text` names, or the rule it breaks.
pub fn play<G: Face>(pos: &G::Position, text: &str) -> PyResult<G::Position> {
    let after = safe(|| G::parse_move(pos, text).and_then(|mv| G::play(pos, &mv)))?;
    after.map_err(|p| record_error_of(&p, text))
}

/// perft, without the GIL.
pub fn perft<G: Face>(py: Python<'_>, pos: &G::Position, depth: u32) -> PyResult<u64> {
    py.detach(|| safe(|| G::perft(pos, depth)))
}

/// Solve a stipulation (`#2`, `mate in 5`, `tsume 7`, and where the game's face solves them
/// `h#3`, `s#2`, `bakazume 17`), without the GIL; the answer as the JSON output's fields.
pub fn solve<G: Face>(
    py: Python<'_>,
    pos: &G::Position,
    stipulation: &str,
    nodes: Option<u64>,
    time: Option<f64>,
    memory: Option<u64>,
) -> PyResult<String> {
    let stip = stipulation
        .parse::<Stipulation>()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let direct = Stipulation::of(Default::default(), stip.goal, 1, false, stip.unit);
    let other = stip.play != direct.play || stip.half || stip.goal == Goal::Stalemate;
    if let Some(t) = time
        && !(t.is_finite() && t >= 0.0)
    {
        return Err(PyValueError::new_err(
            "time must be a number of seconds ≥ 0",
        ));
    }
    let limits = Limits {
        nodes,
        time: time.map(Duration::from_secs_f64),
        memory,
    };
    if other {
        let doc =
            py.detach(|| safe(|| <G as hensoku::Game>::solve_stipulation(pos, &stip, &limits)))?;
        return match doc {
            Err(why) => Err(PyValueError::new_err(format!("`{stipulation}`: {why}"))),
            Ok(answer) => Ok(document::<G>(pos, &stip, serde_json::to_value(&answer))),
        };
    }
    let n = stip
        .length
        .ok_or_else(|| PyValueError::new_err(format!("`{stipulation}` has no length")))?;
    py.detach(|| {
        safe(|| {
            let answer = G::solve(pos, n, &limits);
            document::<G>(pos, &stip, serde_json::to_value(&answer))
        })
    })
}

/// The JSON output's document of a solve: the game, the position, the stipulation read,
/// then the answer's fields.
fn document<G: Face>(
    pos: &G::Position,
    stip: &Stipulation,
    answer: serde_json::Result<serde_json::Value>,
) -> String {
    let mut doc = serde_json::json!({
        "game": G::NAME,
        "position": pos.to_string(),
        "stipulation": stip,
    });
    if let (Some(d), Ok(serde_json::Value::Object(a))) = (doc.as_object_mut(), answer) {
        d.extend(a);
    }
    doc.to_string()
}

/// The `outcome()` dict's parts.
pub fn outcome<G: Face>(pos: &G::Position) -> PyResult<Option<(String, Option<String>)>> {
    safe(|| G::outcome(pos))
}

/// A `Position` class for one game.
macro_rules! position_class {
    ($rust:ident, $game:ty, $module:literal) => {
        /// A position of the game, parsed from its position notation (`str()` prints it
        /// back); `Position()` is the start.
        #[pyclass(name = "Position", module = $module)]
        #[derive(Clone)]
        pub struct $rust {
            pub pos: <$game as hensoku::Game>::Position,
        }

        #[pymethods]
        impl $rust {
            #[new]
            #[pyo3(signature = (text=None))]
            fn new(text: Option<&str>) -> PyResult<Self> {
                Ok($rust {
                    pos: crate::position::parse::<$game>(text)?,
                })
            }

            /// The game's name.
            #[classattr]
            fn game() -> &'static str {
                <$game as hensoku::Game>::NAME
            }

            fn __str__(&self) -> String {
                self.pos.to_string()
            }

            fn __repr__(&self) -> String {
                format!("{}.Position({:?})", $module, self.pos.to_string())
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                match other.extract::<PyRef<'_, $rust>>() {
                    Ok(o) => o.pos.to_string() == self.pos.to_string(),
                    Err(_) => false,
                }
            }

            fn __hash__(&self) -> u64 {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                self.pos.to_string().hash(&mut h);
                h.finish()
            }

            /// A copy to change on its own.
            fn copy(&self) -> Self {
                self.clone()
            }

            /// Every legal move, in the game's canonical move notation.
            fn legal_moves(&self) -> PyResult<Vec<String>> {
                crate::position::legal_moves::<$game>(&self.pos)
            }

            /// Play a move (its text in the game's move notation) here; an illegal move
            /// raises `RecordError` naming the rule it breaks.
            fn push(&mut self, r#move: &str) -> PyResult<()> {
                self.pos = crate::position::play::<$game>(&self.pos, r#move)?;
                Ok(())
            }

            /// The position after a move, this one unchanged.
            fn play(&self, r#move: &str) -> PyResult<Self> {
                Ok($rust {
                    pos: crate::position::play::<$game>(&self.pos, r#move)?,
                })
            }

            /// Whether the side to move is in check (`None` for a game without check).
            fn is_check(&self) -> PyResult<Option<bool>> {
                crate::safe(|| <$game as crate::faces::Face>::is_check(&self.pos))
            }

            /// `None` while the side to move has a move; else `{"reason": …, "winner": …}`.
            fn outcome<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<Option<Bound<'py, pyo3::types::PyDict>>> {
                match crate::position::outcome::<$game>(&self.pos)? {
                    None => Ok(None),
                    Some((reason, winner)) => {
                        let d = pyo3::types::PyDict::new(py);
                        d.set_item("reason", reason)?;
                        d.set_item("winner", winner)?;
                        Ok(Some(d))
                    }
                }
            }

            /// The number of move sequences of `depth` moves from here (the GIL released).
            fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
                crate::position::perft::<$game>(py, &self.pos, depth)
            }

            /// The answer's JSON (see `hensoku.<game>.solve`).
            #[pyo3(signature = (stipulation, nodes=None, time=None, memory=None))]
            fn _solve_json(
                &self,
                py: Python<'_>,
                stipulation: &str,
                nodes: Option<u64>,
                time: Option<f64>,
                memory: Option<u64>,
            ) -> PyResult<String> {
                crate::position::solve::<$game>(py, &self.pos, stipulation, nodes, time, memory)
            }

            /// A diagram for a terminal (kept to ASCII with `ascii=True`).
            #[pyo3(signature = (ascii=false))]
            fn diagram(&self, ascii: bool) -> PyResult<String> {
                crate::safe(|| <$game as hensoku::Game>::diagram(&self.pos, ascii))
            }

            /// The picture `hensoku render --svg` draws.
            fn svg(&self) -> PyResult<String> {
                crate::safe(|| <$game as hensoku::Game>::svg(&self.pos))
            }

            /// Jupyter draws the board.
            fn _repr_svg_(&self) -> PyResult<String> {
                self.svg()
            }
        }
    };
}

position_class!(ShogiPosition, hensoku::shogi::Shogi, "hensoku.shogi");
position_class!(
    ShogiCardsPosition,
    hensoku::shogi_cards::ShogiCards,
    "hensoku.shogi_cards"
);
position_class!(SheltPosition, hensoku::shelt::Shelt, "hensoku.shelt");
position_class!(ChessPosition, hensoku::chess::Chess, "hensoku.chess");
position_class!(
    HiddenPosition,
    hensoku::portal::hidden::Hidden,
    "hensoku.portal_hidden"
);
position_class!(
    BuckleyPosition,
    hensoku::portal::buckley::Buckley,
    "hensoku.portal_buckley"
);
position_class!(
    HowePosition,
    hensoku::portal::howe::Howe,
    "hensoku.portal_howe"
);
position_class!(FivedPosition, hensoku::fived::Fived, "hensoku.fived");
position_class!(
    QuantumPosition,
    hensoku::quantum::Quantum,
    "hensoku.quantum"
);

/// Every class, under the name the Python package re-exports it from (`ChessPosition`
/// becomes `hensoku.chess.Position`).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ShogiPosition", py.get_type::<ShogiPosition>())?;
    m.add("ShogiCardsPosition", py.get_type::<ShogiCardsPosition>())?;
    m.add("SheltPosition", py.get_type::<SheltPosition>())?;
    m.add("ChessPosition", py.get_type::<ChessPosition>())?;
    m.add("HiddenPosition", py.get_type::<HiddenPosition>())?;
    m.add("BuckleyPosition", py.get_type::<BuckleyPosition>())?;
    m.add("HowePosition", py.get_type::<HowePosition>())?;
    m.add("FivedPosition", py.get_type::<FivedPosition>())?;
    m.add("QuantumPosition", py.get_type::<QuantumPosition>())?;
    Ok(())
}
