//! The Shelt adapter: SPN positions; `.shelt` records in readout or compact notation.

use super::error::CliError;
use super::game::{
    Checked, Converted, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::perft::{Counter, count_game};
use hensoku::shelt::{
    self, Format, MateIn, Mode, Position, Previous, Record, Replay, compact, readout, spn,
};
use hensoku::{Problem, Span};

pub struct Shelt;

pub(super) fn position(text: Option<&str>) -> Result<Position, CliError> {
    match text.map(str::trim) {
        None | Some("initial") | Some("startpos") => Ok(Position::startpos()),
        Some(t) => {
            spn::parse_position(t).map_err(|ps| CliError::input(all_in_one(&ps), "--position", t))
        }
    }
}

/// Every setup violation at once (they share the SPN's span): the first one's rule, all
/// the messages.
fn all_in_one(ps: &[Problem]) -> Problem {
    let first = ps
        .first()
        .cloned()
        .unwrap_or_else(|| Problem::syntax("invalid position", Span::default()));
    let message = ps
        .iter()
        .map(|p| format!("{} ({})", p.message, p.rule.name()))
        .collect::<Vec<_>>()
        .join("; ");
    Problem { message, ..first }
}

fn decode(input: &Input) -> Result<String, CliError> {
    super::input::utf8_text(input)
}

/// `--from strict` replays in strict mode; readout and compact lines are told apart by themselves.
/// The start of the record in `input` (its `Start` header, or the initial position), and
/// the record.
fn start_of(input: &Input) -> Result<(Position, Record), CliError> {
    let (text, rec) = read(input)?;
    let start = Record {
        plies: vec![],
        ..rec.clone()
    };
    let pos = replay_valid(&start, Mode::Lenient, &input.name, &text)?.start;
    Ok((pos, rec))
}

pub(super) fn mode(from: Option<&str>) -> Result<Mode, CliError> {
    match from {
        None | Some("readout") | Some("compact") | Some("shelt") => Ok(Mode::Lenient),
        Some("strict") => Ok(Mode::Strict),
        Some(f) => Err(CliError::usage(format!(
            "unknown shelt input `{f}` (readout, compact, strict)"
        ))),
    }
}

pub(super) fn read(input: &Input) -> Result<(String, Record), CliError> {
    let text = decode(input)?;
    let rec = parse_record(&text).map_err(|p| CliError::input(p, &input.name, &text))?;
    Ok((text, rec))
}

/// The one record of a Shelt text.
fn parse_record(text: &str) -> Result<Record, Problem> {
    Ok(shelt::read(text)?.remove(0))
}

fn replay_valid(rec: &Record, mode: Mode, name: &str, text: &str) -> Result<Replay, CliError> {
    let r = shelt::validate_with(rec, mode);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(CliError::invalid(p.clone(), name, text)),
    }
}

fn result_json(r: &Replay, text: &str) -> serde_json::Value {
    let mut v = serde_json::to_value(&r.result).unwrap_or_default();
    v["warnings"] = r
        .warnings
        .iter()
        .map(|p| serde_json::to_value(p.located(text)).unwrap_or_default())
        .collect();
    v["notes"] = r
        .notes
        .iter()
        .map(|p| serde_json::to_value(p.located(text)).unwrap_or_default())
        .collect();
    v
}

impl GameCli for Shelt {
    fn perft(
        &self,
        pos: Option<&str>,
        depth: u32,
        divide: bool,
        counter: &mut Counter,
    ) -> Result<PerftAnswer, CliError> {
        let pos = position(pos)?;
        let name = |p: &Position, m: &shelt::Ply| readout::write(p, Previous::None, *m, false);
        Ok(count_game::<shelt::Shelt>(
            counter, &pos, depth, divide, name,
        ))
    }

    fn moves(&self, pos: Option<&str>, notation: Option<&str>) -> Result<Vec<String>, CliError> {
        let pos = position(pos)?;
        let format = notation
            .map_or(Some(Format::Readout), Format::from_name)
            .filter(|f| *f != Format::Spn);
        let format =
            format.ok_or_else(|| CliError::usage("shelt move notations: readout, compact"))?;
        Ok(shelt::legal_moves(&pos)
            .into_iter()
            .map(|p| match format {
                Format::Compact => compact::write(&pos, p),
                _ => readout::write(
                    &pos,
                    Previous::None,
                    p,
                    shelt::play(&pos, p).end().is_some(),
                ),
            })
            .collect())
    }

    fn validate(&self, input: &Input, from: Option<&str>) -> Result<Checked, CliError> {
        let mode = mode(from)?;
        let text = decode(input)?;
        let check = match parse_record(&text) {
            Err(p) => RecordCheck {
                plies: 0,
                result: serde_json::json!({ "winner": null, "reason": "unreadable" }),
                problems: vec![p],
                warnings: vec![],
            },
            Ok(rec) => {
                let r = shelt::validate_with(&rec, mode);
                RecordCheck {
                    plies: r.plies.len(),
                    result: result_json(&r, &text),
                    problems: r.problems.clone(),
                    warnings: r.warnings.clone(),
                }
            }
        };
        Ok(Checked {
            text,
            records: vec![check],
        })
    }

    fn parse(
        &self,
        input: &Input,
        from: Option<&str>,
    ) -> Result<(String, serde_json::Value), CliError> {
        let (text, rec) = read(input)?;
        let r = replay_valid(&rec, mode(from)?, &input.name, &text)?;
        let plies: Vec<serde_json::Value> = rec
            .plies
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let s = p.text.span();
                serde_json::json!({ "ply": i + 1, "text": &text[s.offset..s.end()], "offset": s.offset, "length": s.len, "comment": p.comment })
            })
            .collect();
        let json = serde_json::json!({ "format": "readout", "headers": rec.headers, "start": spn::to_spn(&r.start), "plies": plies, "result": r.result });
        Ok((shelt::write(&rec, &r, Format::Readout), json))
    }

    /// Readout and compact carry every ply and header (comments are not canonical, §9.5);
    /// SPN keeps only the final position.
    fn convert(&self, input: &Input, from: Option<&str>, to: &str) -> Result<Converted, CliError> {
        let target = Format::from_name(to).ok_or_else(|| {
            CliError::usage(format!(
                "unknown shelt notation `{to}` (readout, compact, spn)"
            ))
        })?;
        let (text, rec) = read(input)?;
        let r = replay_valid(&rec, mode(from)?, &input.name, &text)?;
        let mut dropped = Vec::new();
        if target == Format::Spn {
            if !rec.plies.is_empty() {
                dropped.push("moves".to_string());
            }
            if !rec.headers.is_empty() {
                dropped.push("headers".to_string());
            }
        }
        if rec.plies.iter().any(|p| p.comment.is_some()) {
            dropped.push("comments".to_string());
        }
        Ok(Converted {
            irregular: Vec::new(),
            text: shelt::write(&rec, &r, target),
            dropped,
        })
    }

    fn solve(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
    ) -> Result<Solved, CliError> {
        let (pos, stip) = match input {
            Some(i) => {
                let (start, rec) = start_of(i)?;
                (start, rec.header("Stipulation").and_then(MateIn::parse))
            }
            None => (position(pos)?, None),
        };
        let stip = match (req.mate_in, stip) {
            (Some(n), s) => MateIn {
                n,
                moon_only: s.is_some_and(|s| s.moon_only),
            },
            (None, Some(s)) => s,
            (None, None) => {
                return Err(CliError::usage(
                    "give --mate-in N or a [Stipulation \"#N\"] header",
                ));
            }
        };
        Ok(super::shelt_solve::answer(&pos, stip, req))
    }

    fn solve_stipulation(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
        stip: hensoku::Stipulation,
    ) -> Option<Result<Solved, CliError>> {
        super::stipulation::solve::<hensoku::shelt::Shelt>(input, req, stip, || match input {
            Some(i) if super::puzzle_file::is_puzzle(i) => super::puzzle_file::position(i),
            Some(i) => start_of(i).map(|(start, _)| start),
            None => position(pos),
        })
    }

    fn render(
        &self,
        pos: Option<&str>,
        input: Option<&Input>,
        ascii: bool,
    ) -> Result<Rendered, CliError> {
        let pos = match input {
            Some(i) => {
                let (text, rec) = read(i)?;
                replay_valid(&rec, Mode::Lenient, &i.name, &text)?.end
            }
            None => position(pos)?,
        };
        Ok(Rendered::of::<shelt::Shelt>(&pos, ascii))
    }
}
