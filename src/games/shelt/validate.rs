//! Replaying a record with the full rules (§13): every ply resolved and checked, the end
//! of the game found, warnings W01–W05 collected (errors in strict mode).

use crate::games::shelt::SheltRule;
use serde::Serialize;

use super::movegen::{self, in_check};
use super::notation::readout::{Fourth, Mover, ReadoutPly, Suffix, Target};
use super::notation::spn;
use super::position::{End, EndReason, Position};
use super::record::{PlyText, Record};
use super::resolve::{self, Previous};
use super::rules;
use super::types::{Ply, Side};
use crate::core::{CommonRule, Problem, Span};

/// Lenient (default) accepts W01, W02, W04 as warnings; strict makes them errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// W01, W02 and W04 are warnings.
    #[default]
    Lenient,
    /// W01, W02 and W04 are errors.
    Strict,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
/// How a replayed Shelt game stands at its end.
pub struct GameResult {
    /// The winner, when the game is over.
    pub winner: Option<Side>,
    /// `moon`, `magic`, `ker4`, `nomove`, `vist`, or `unfinished`.
    pub reason: String,
    /// The winner's points, when the game is over.
    pub points: Option<u8>,
}

#[derive(Clone, Debug)]
/// What replaying a Shelt record found.
pub struct Replay {
    /// The start position (the record's `Start`, or the initial position).
    pub start: Position,
    /// The plies played, up to the first illegal one.
    pub plies: Vec<Ply>,
    /// The position before each ply (and the end position last).
    pub positions: Vec<Position>,
    /// Every rule broken; empty when the record is valid.
    pub problems: Vec<Problem>,
    /// Deviations the lenient mode tolerates (W01, W02, W04).
    pub warnings: Vec<Problem>,
    /// Information only (W03, W05).
    pub notes: Vec<Problem>,
    /// How the game ended.
    pub result: GameResult,
    /// The position after the last legal ply.
    pub end: Position,
}

impl Replay {
    /// No ply broke a rule.
    pub fn valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// The start position a record names (`Start` header) or the initial one.
pub fn start_of(record: &Record) -> Result<Position, Vec<Problem>> {
    match &record.start {
        None => Ok(Position::startpos()),
        Some((text, span)) => spn::parse_position(text)
            .map_err(|ps| ps.into_iter().map(|p| p.shifted(span.offset)).collect()),
    }
}

/// Replay in lenient mode.
pub fn replay(record: &Record) -> Replay {
    replay_with(record, Mode::Lenient)
}

pub fn replay_with(record: &Record, mode: Mode) -> Replay {
    let start = match start_of(record) {
        Ok(p) => p,
        Err(problems) => {
            let mut r = Replay::empty(Position::startpos(), "invalid_start");
            r.positions.push(r.start.clone());
            r.problems = problems;
            return r;
        }
    };
    let mut r = Replay::empty(start.clone(), "unfinished");
    let mut pos = start;
    let mut previous = Previous::None;
    let mut claimed: Option<End> = None;
    for (i, rp) in record.plies.iter().enumerate() {
        let n = i + 1;
        if let Some(end) = pos.end().or(claimed) {
            r.problems.push(after_end(&pos, end, &rp.text).at_ply(n));
            break;
        }
        let Some((ply, next)) = play(&mut r, mode, &pos, previous, &rp.text, n) else {
            break;
        };
        if let Some(claim) = vist_marks(&mut r, mode, &pos, &next, &rp.text, n) {
            claimed = Some(claim);
        }
        notes(&mut r, &pos, &next, &rp.text, previous, ply, n);
        previous = ply.reference().map_or(Previous::Yol, Previous::Square);
        r.positions.push(pos);
        r.plies.push(ply);
        pos = next;
    }
    r.result = match (pos.end(), claimed) {
        (Some(e), _) => GameResult {
            winner: Some(e.winner),
            reason: e.reason.word().into(),
            points: Some(e.points),
        },
        (None, Some(c)) => GameResult {
            winner: Some(c.winner),
            reason: "vist".into(),
            points: Some(c.points),
        },
        _ => r.result.clone(),
    };
    r.positions.push(pos.clone());
    r.end = pos;
    r
}

impl Replay {
    /// A replay of no plies from `start`, its result `reason` with no winner yet.
    fn empty(start: Position, reason: &str) -> Replay {
        Replay {
            start: start.clone(),
            plies: vec![],
            positions: vec![],
            problems: vec![],
            warnings: vec![],
            notes: vec![],
            result: GameResult {
                winner: None,
                reason: reason.into(),
                points: None,
            },
            end: start,
        }
    }
}

/// Resolve ply `n`, check it against the rules and its written suffix, and play it; a
/// problem is recorded and ends the replay (`None`).
fn play(
    r: &mut Replay,
    mode: Mode,
    pos: &Position,
    previous: Previous,
    text: &PlyText,
    n: usize,
) -> Option<(Ply, Position)> {
    let resolved = match text {
        PlyText::Readout(ro) => resolve::readout(pos, previous, ro),
        PlyText::Compact(c) => resolve::compact(pos, c),
    };
    let resolved = match resolved {
        Ok(x) => x,
        Err(p) => {
            r.problems.push(p.at_ply(n));
            return None;
        }
    };
    if let Err(v) = rules::check(pos, resolved.ply) {
        r.problems
            .push(Problem::new(v.rule, v.message, text.span()).at_ply(n));
        return None;
    }
    for w in resolved.warnings {
        warn(r, mode, w.at_ply(n));
    }
    let next = movegen::play(pos, resolved.ply);
    if let Err(p) = check_suffix(text, &next) {
        r.problems.push(p.at_ply(n));
        return None;
    }
    Some((resolved.ply, next))
}

/// The ` vist` mark (§8.1, §9.5): on a ply that does not end the game it claims the
/// score (the claim returned), or is a W04 warning when there is nothing to claim; a
/// readout that ends the game without it gets a W04 warning.
fn vist_marks(
    r: &mut Replay,
    mode: Mode,
    pos: &Position,
    next: &Position,
    text: &PlyText,
    n: usize,
) -> Option<End> {
    let vist = vist_span(text);
    let mut claim = None;
    if let (None, Some(vs)) = (next.end(), vist) {
        match claim_score(next) {
            Some(points) => {
                claim = Some(End {
                    winner: pos.side_to_move(),
                    reason: EndReason::Magic,
                    points,
                })
            }
            None => {
                let p = Problem::new(
                    SheltRule::W04,
                    "`vist` on a ply that neither ends the game nor is a valid claim (§8.1)",
                    vs,
                );
                warn(r, mode, p.at_ply(n));
            }
        }
    }
    if next.end().is_some() && vist.is_none() && matches!(text, PlyText::Readout(_)) {
        let p = Problem::new(
            SheltRule::W04,
            "this ply ends the game: the readout ends with ` vist` (§9.5)",
            Span::new(text.span().end(), 0),
        );
        warn(r, mode, p.at_ply(n));
    }
    claim
}

/// A compact ply's optional `+`/`#` must say what the ply did (§10).
fn check_suffix(text: &PlyText, next: &Position) -> Result<(), Problem> {
    let PlyText::Compact(c) = text else {
        return Ok(());
    };
    let Some(said) = c.suffix else { return Ok(()) };
    let real = if next.end().is_some() {
        Some('#')
    } else if in_check(next, next.side_to_move()) {
        Some('+')
    } else {
        None
    };
    if real == Some(said) {
        return Ok(());
    }
    let what = match real {
        Some('#') => "the ply ends the game: its suffix is `#`",
        Some(_) => "the ply gives check: its suffix is `+`",
        None => "the ply neither gives check nor ends the game, so it takes no suffix",
    };
    Err(Problem::new(
        CommonRule::WrongCheckMark,
        format!("{what} (§10)"),
        Span::new(c.span.end().saturating_sub(1), 1),
    ))
}

fn warn(r: &mut Replay, mode: Mode, p: Problem) {
    match mode {
        Mode::Lenient => r.warnings.push(p),
        Mode::Strict => r.problems.push(p),
    }
}

fn vist_span(t: &PlyText) -> Option<Span> {
    match t {
        PlyText::Readout(r) => r.vist,
        PlyText::Compact(_) => None,
    }
}

/// The error for a ply written after the game ended; a further ker of the side that lost
/// by its fourth consecutive ker is named as such.
fn after_end(pos: &Position, end: End, text: &PlyText) -> Problem {
    let span = text.span();
    let loser = end.winner.other();
    // judged by the text and the squares alone: after the game no ply resolves
    let is_ker = match text {
        PlyText::Readout(ro) => matches!(
            ro.ply,
            ReadoutPly::Board { mover: Mover::Lantis(l), suffix: Some(Suffix::Fourth(Fourth::Form(_), _)), .. } if l.side() == loser
        ),
        PlyText::Compact(c) => match c.ply {
            super::notation::compact::CompactPly::Ker { at, .. } => {
                matches!(pos.cell(at), super::position::Cell::Lantis(l) if l.side() == loser)
            }
            _ => false,
        },
    };
    if end.reason == EndReason::Ker4 && is_ker {
        return Problem::new(
            SheltRule::FifthDirectionChange,
            "a direction change after the fourth consecutive one: the fourth already lost the game (§5.5)",
            span,
        );
    }
    Problem::new(
        CommonRule::GameOver,
        format!(
            "the game is already over ({} won: {})",
            end.winner.name(),
            end.reason.word()
        ),
        span,
    )
}

/// W03 (kak possible) and W05 (own moon or last magic left attacked).
fn notes(
    r: &mut Replay,
    pos: &Position,
    next: &Position,
    text: &PlyText,
    previous: Previous,
    ply: Ply,
    n: usize,
) {
    if let PlyText::Readout(ro) = text
        && let ReadoutPly::Board {
            target: Target::Square(sq),
            target_span,
            ..
        } = ro.ply
        && previous == Previous::Square(sq)
        && ply.reference() == Some(sq)
    {
        r.notes.push(
            Problem::new(
                SheltRule::W03,
                "`kak` could stand for this square (§9.3)",
                target_span,
            )
            .at_ply(n),
        );
    }
    if next.end().is_none() && in_check(next, pos.side_to_move()) {
        r.notes.push(
            Problem::new(
                SheltRule::W05,
                "this ply leaves the mover's own moon or last magic piece attacked (§7.3)",
                text.span(),
            )
            .at_ply(n),
        );
    }
}

/// The score of an accepted vist claim after a ply (§8.1): the minimum over the defender's
/// replies of the attacker's best winning capture; `None` when some reply escapes.
pub fn claim_score(after: &Position) -> Option<u8> {
    let attacker = after.side_to_move().other();
    let mut worst: Option<u8> = None;
    for reply in movegen::plies(after) {
        let p = movegen::play(after, reply);
        let best = match p.end() {
            Some(e) if e.winner == attacker => Some(e.points),
            Some(_) => None,
            None => movegen::plies(&p)
                .into_iter()
                .filter_map(|w| {
                    movegen::play(&p, w)
                        .end()
                        .filter(|e| {
                            e.winner == attacker
                                && matches!(e.reason, EndReason::Moon | EndReason::Magic)
                        })
                        .map(|e| e.points)
                })
                .max(),
        };
        let best = best?;
        worst = Some(worst.map_or(best, |w: u8| w.min(best)));
    }
    worst
}
