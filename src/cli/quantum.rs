//! The Quantum Chamber adapter: QFEN positions, QGN records, puzzle files and lines.

use super::error::CliError;
use super::game::{
    Checked, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::perft::{Counter, count_game};
use hensoku::Limits;
use hensoku::Problem;
pub(super) use hensoku::file::quantum::{is_qfen, mode, position, read_records, replay_valid};
use hensoku::quantum::{
    self, Goal, Mode, Position, QuantumRule, Record, Status, ending, puzzle, qfen, qgn, qmn,
};

pub struct Quantum;

/// The position of a file: a QFEN file's position, or a record's end.
fn file_position(input: &Input) -> Result<Position, CliError> {
    let text = super::input::utf8_text(input)?;
    if is_qfen(input, &text) {
        return qfen::parse_position(text.trim())
            .map_err(|p| CliError::input(p, &input.name, &text));
    }
    let (text, records) = read_records(input)?;
    let rec = records
        .first()
        .ok_or_else(|| CliError::usage("no record in the input"))?;
    Ok(replay_valid(rec, &input.name, &text, Mode::Strict)?.end)
}

impl GameCli for Quantum {
    fn perft(
        &self,
        pos: Option<&str>,
        depth: u32,
        divide: bool,
        counter: &mut Counter,
    ) -> Result<PerftAnswer, CliError> {
        let pos = position(pos)?;
        let name = |p: &Position, m: &quantum::Move| quantum::move_text(p, *m);
        Ok(count_game::<quantum::Quantum>(
            counter, &pos, depth, divide, name,
        ))
    }

    fn moves(&self, pos: Option<&str>, notation: Option<&str>) -> Result<Vec<String>, CliError> {
        let pos = position(pos)?;
        let long = match notation {
            None | Some("qmn" | "short") => false,
            Some("long") => true,
            Some(n) => {
                return Err(CliError::usage(format!(
                    "unknown Quantum Chamber notation `{n}` (qmn, long)"
                )));
            }
        };
        if ending::status(&pos).is_over() {
            return Ok(Vec::new());
        }
        Ok(quantum::legal_moves(&pos)
            .iter()
            .map(|g| qmn::print(&pos, g, long))
            .collect())
    }

    fn validate(&self, input: &Input, from: Option<&str>) -> Result<Checked, CliError> {
        let mode = mode(from)?;
        let text = super::input::utf8_text(input)?;
        if is_qfen(input, &text) {
            let problems = qfen::parse(text.trim_end()).err().unwrap_or_default();
            let result = serde_json::json!({ "reason": "position" });
            return Ok(Checked {
                text,
                records: vec![RecordCheck {
                    plies: 0,
                    result,
                    problems,
                    warnings: vec![],
                }],
            });
        }
        let (text, records) = read_records(input)?;
        let records = records
            .iter()
            .map(|rec| {
                let r = quantum::validate_with(rec, mode);
                RecordCheck {
                    plies: r.moves.len(),
                    result: r.result_json(),
                    problems: r.problems.clone(),
                    warnings: vec![],
                }
            })
            .collect();
        Ok(Checked { text, records })
    }

    fn parse(
        &self,
        input: &Input,
        from: Option<&str>,
    ) -> Result<(String, serde_json::Value), CliError> {
        let mode = mode(from)?;
        let text = super::input::utf8_text(input)?;
        if is_qfen(input, &text) {
            let pos = qfen::parse_position(text.trim())
                .map_err(|p| CliError::input(p, &input.name, &text))?;
            return Ok((
                format!("{}\n", qfen::to_qfen(&pos)),
                serde_json::json!({ "format": "qfen", "position": qfen::to_qfen(&pos) }),
            ));
        }
        let (text, records) = read_records(input)?;
        let mut out = String::new();
        let mut docs = Vec::new();
        for rec in &records {
            let r = replay_valid(rec, &input.name, &text, mode)?;
            out.push_str(&qgn::to_qgn(rec, &r));
            docs.push(syntax_json(rec, &text));
        }
        Ok((out, serde_json::json!({ "format": "qgn", "records": docs })))
    }

    fn solve(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
    ) -> Result<Solved, CliError> {
        let (pos, stated_goal) = match input {
            Some(i) => puzzle_of_file(i)?,
            None => match pos.map(str::trim) {
                Some(t) if t.contains(" goal ") => {
                    let p = puzzle::parse(t).map_err(|p| CliError::input(p, "--position", t))?;
                    (p.position, Some(p.goal))
                }
                t => (position(t)?, None),
            },
        };
        let goal = match (req.mate_in, stated_goal) {
            (Some(n), _) if n > 0 => Goal::Win(n),
            (Some(_), _) => {
                return Err(CliError::usage(
                    "--mate-in counts own moves and must be at least 1",
                ));
            }
            (None, Some(g)) => g,
            (None, None) => Goal::Capture,
        };
        in_play(&pos)?;
        Ok(solve_goal(&pos, goal, &req.limits))
    }

    /// Help, self and reflex play over the win (`h#2`, `s#1`, …): a `.puzzle` file's
    /// position, a record's start, or `--position`; a position whose game is over is
    /// refused, as for the puzzle goals.
    fn solve_stipulation(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
        stip: hensoku::Stipulation,
    ) -> Option<Result<Solved, CliError>> {
        super::stipulation::solve::<quantum::Quantum>(input, req, stip, || {
            let pos = match input {
                Some(i) if super::puzzle_file::is_puzzle(i) => super::puzzle_file::position(i)?,
                Some(i) => record_start(i)?,
                None => position(pos)?,
            };
            in_play(&pos)?;
            Ok(pos)
        })
    }

    fn render(
        &self,
        pos: Option<&str>,
        input: Option<&Input>,
        ascii: bool,
    ) -> Result<Rendered, CliError> {
        let pos = match input {
            Some(i) => file_position(i)?,
            None => position(pos)?,
        };
        Ok(Rendered::of::<quantum::Quantum>(&pos, ascii))
    }
}

/// A puzzle file: the shared `.puzzle` format (or a QGN record) with `Position`/`Setup` and
/// `Stipulation` tags, or a file whose first line is a §16.3 puzzle line.
fn puzzle_of_file(input: &Input) -> Result<(Position, Option<Goal>), CliError> {
    let text = super::input::utf8_text(input)?;
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.contains(" goal ") {
        let at = text.find(first).unwrap_or(0);
        let p =
            puzzle::parse(first).map_err(|p| CliError::input(p.shifted(at), &input.name, &text))?;
        return Ok((p.position, Some(p.goal)));
    }
    let (text, records) = read_records(input)?;
    let rec = records
        .first()
        .ok_or_else(|| CliError::usage("no record in the input"))?;
    let (start, _) =
        quantum::start_of(rec).map_err(|ps| CliError::input(ps[0].clone(), &input.name, &text))?;
    let goal = match rec.tag("Stipulation") {
        None => None,
        Some(t) => Some(stipulation(&t.value).ok_or_else(|| {
            CliError::input(
                Problem::new(
                    QuantumRule::PuzzleSyntax,
                    "the stipulation is `w<N>` or `c1`",
                    t.value_span,
                ),
                &input.name,
                &text,
            )
        })?),
    };
    Ok((start, goal))
}

/// A puzzle starts in play: a position whose game is over is refused.
fn in_play(pos: &Position) -> Result<(), CliError> {
    match ending::status(pos) {
        Status::Over { reason, .. } => Err(CliError::usage(format!(
            "the position has already ended ({}); a puzzle starts in play",
            reason.name()
        ))),
        _ => Ok(()),
    }
}

/// The start of a QGN record (its set-up tags).
fn record_start(input: &Input) -> Result<Position, CliError> {
    let (text, records) = read_records(input)?;
    let rec = records
        .first()
        .ok_or_else(|| CliError::usage("no record in the input"))?;
    quantum::start_of(rec)
        .map(|(start, _)| start)
        .map_err(|ps| CliError::input(ps[0].clone(), &input.name, &text))
}

/// `w3` or `c1`.
pub fn stipulation(s: &str) -> Option<Goal> {
    if s == "c1" {
        return Some(Goal::Capture);
    }
    s.strip_prefix('w')
        .filter(|n| !n.starts_with('0'))
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .map(Goal::Win)
}

fn solve_goal(pos: &Position, goal: Goal, limits: &Limits) -> Solved {
    let answer = quantum::solve_goal(pos, goal, limits);
    Solved::new(qfen::to_qfen(pos), answer)
}

fn syntax_json(rec: &Record, text: &str) -> serde_json::Value {
    let moves: Vec<serde_json::Value> = rec
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let parsed = qmn::parse_move(&m.text, m.span.offset).ok();
            serde_json::json!({
                "ply": i + 1,
                "text": text.get(m.span.offset..m.span.end()).unwrap_or(""),
                "offset": m.span.offset,
                "length": m.span.len,
                "syntax": parsed,
            })
        })
        .collect();
    serde_json::json!({ "tags": rec.tags, "comments": rec.comments, "moves": moves, "result": rec.result.as_ref().map(|r| &r.0) })
}
