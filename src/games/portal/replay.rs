//! Replaying PGN-style records of a one-board portal version (rules §5.5): the start
//! from the `FEN` tag, each written move resolved (problems spanned in the file), the end
//! of the game judged by the version's own rules. Shared by the versions through
//! [`Version`].

use crate::core::{CommonRule, Game, Problem};
use crate::games::chess::record::{Record, RecordMove};
use serde::Serialize;

/// What a one-board portal version supplies to be replayed, printed and shown.
pub trait Version: Game {
    /// The version's name in messages (`Hidden`, `Buckley`).
    const NAME: &'static str;
    /// The version's face, whose positions and moves these are.
    type Face: crate::Game<Position = Self, Move = <Self as Game>::Move>;
    fn start() -> Self;
    /// Read a position string; problems are spanned in `text`.
    fn read_position(text: &str) -> Result<Self, Problem>;
    /// Like [`Version::read_position`], with every problem the string has.
    fn read_position_all(text: &str) -> Result<Self, Vec<Problem>> {
        Self::read_position(text).map_err(|p| vec![p])
    }
    /// Resolve one token; the problem's span is relative to the token.
    fn resolve_token(&self, token: &str) -> Result<Self::Move, Problem>;
    /// The canonical text of a legal move, with `→` or, `ascii`, with `->`.
    fn write_move(&self, mv: Self::Move, ascii: bool) -> String;
    fn position_string(&self) -> String;
    fn side_to_move(&self) -> &'static str;
    /// Leaf count by the version's own (bulk-counting) move generator.
    fn perft(&self, depth: u32) -> u64;
    /// The orthodox board under the portals (for diagrams and the fullmove number).
    fn board(&self) -> &crate::games::chess::Position;
    /// One line naming where the portals stand, under a diagram.
    fn portal_line(&self) -> String;
    /// The portal squares to draw, each with its label (a stack count, an owner).
    fn portal_marks(&self) -> Vec<crate::games::chess::render::Mark>;
    /// Solve a directmate in `n` moves, with the tries when asked.
    fn solve_mate(&self, n: u32, limits: &crate::solver::Limits, tries: bool) -> crate::Answer;

    /// The chess diagram with the portals marked, and a line naming them.
    fn diagram(&self, ascii: bool) -> String {
        let marks = self.portal_marks();
        let board = crate::games::chess::render::diagram_marked(self.board(), &marks, ascii);
        format!("{board}{}\n", self.portal_line())
    }
    /// The SVG picture with the portals ringed.
    fn svg(&self) -> String {
        crate::games::chess::render::svg_marked(self.board(), &self.portal_marks())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub winner: Option<String>,
    /// `checkmate`, `stalemate` or `unfinished`.
    pub reason: String,
}

#[derive(Clone, Debug)]
pub struct Replay<G: Version> {
    pub start: G,
    pub moves: Vec<G::Move>,
    pub problems: Vec<Problem>,
    pub result: GameResult,
    pub end: G,
}

fn shift_into(p: Problem, m: &RecordMove) -> Problem {
    let inside = p.span.len > 0 && p.span.end() <= m.text.len();
    Problem {
        span: if inside {
            p.span.shifted(m.span.offset)
        } else {
            m.span
        },
        ..p
    }
}

/// Resolve one written move; the problem's span is placed in the file. A `#` mark must be
/// true: the move checkmates.
pub fn resolve<G: Version>(pos: &G, m: &RecordMove) -> Result<G::Move, Problem> {
    let mv = pos.resolve_token(&m.text).map_err(|p| shift_into(p, m))?;
    if m.text.trim_end_matches(['!', '?']).ends_with('#') {
        let next = pos.after(mv);
        if !(next.in_check() && next.legal_moves().is_empty()) {
            return Err(Problem::new(
                CommonRule::WrongCheckMark,
                "the move is marked `#` but does not checkmate",
                m.span,
            ));
        }
    }
    Ok(mv)
}

/// The main line re-printed canonically, as PGN movetext tokens.
pub fn canonical_moves<G: Version>(start: &G, moves: &[G::Move], ascii: bool) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| {
            let t = pos.write_move(m, ascii);
            pos = pos.after(m);
            t
        })
        .collect()
}

fn replay_line<G: Version>(
    start: &G,
    line: &[RecordMove],
    first_ply: usize,
    problems: &mut Vec<Problem>,
) -> (Vec<G::Move>, G) {
    let mut pos = start.clone();
    let mut played = Vec::new();
    for (i, m) in line.iter().enumerate() {
        for v in &m.variations {
            replay_line(&pos, v, first_ply + i, problems);
        }
        if pos.legal_moves().is_empty() {
            problems.push(
                Problem::new(
                    CommonRule::GameOver,
                    "the game is already over (checkmate or stalemate)",
                    m.span,
                )
                .at_ply(first_ply + i),
            );
            break;
        }
        match resolve(&pos, m) {
            Ok(mv) => {
                played.push(mv);
                pos = pos.after(mv);
            }
            Err(p) => {
                problems.push(p.at_ply(first_ply + i));
                break;
            }
        }
    }
    (played, pos)
}

pub fn replay<G: Version>(record: &Record) -> Replay<G> {
    let start = match start_of::<G>(record) {
        Ok(p) => p,
        Err(problems) => {
            let s = G::start();
            let result = GameResult {
                winner: None,
                reason: "unfinished".into(),
            };
            return Replay {
                start: s.clone(),
                moves: vec![],
                problems,
                result,
                end: s,
            };
        }
    };
    let mut problems = Vec::new();
    let (moves, end) = replay_line(&start, &record.moves, 1, &mut problems);
    let result = match (end.legal_moves().is_empty(), end.in_check()) {
        (true, true) => GameResult {
            winner: Some(other(end.side_to_move()).into()),
            reason: "checkmate".into(),
        },
        (true, false) => GameResult {
            winner: None,
            reason: "stalemate".into(),
        },
        _ => GameResult {
            winner: None,
            reason: "unfinished".into(),
        },
    };
    Replay {
        start,
        moves,
        problems,
        result,
        end,
    }
}

/// The start of a record: its `FEN` tag (problems spanned in the file), or the version's
/// start position.
pub fn start_of<G: Version>(record: &Record) -> Result<G, Vec<Problem>> {
    let at = record.fen_span.unwrap_or_default().offset;
    match record.tag("FEN") {
        None => Ok(G::start()),
        Some(text) => {
            G::read_position_all(text).map_err(|ps| ps.into_iter().map(|p| p.shifted(at)).collect())
        }
    }
}

fn other(side: &str) -> &'static str {
    if side == "white" { "black" } else { "white" }
}
