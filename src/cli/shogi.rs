//! The shogi adapter: SFEN positions; USI, SFEN, CSA, KIF and KI2 records.

use super::error::CliError;
use super::game::{
    Checked, Converted, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::perft::{Counter, count_game};
use hensoku::Rule;
use hensoku::shogi::{Format, Position, Record, RecordMove, Replay, ShogiRule};
use hensoku::shogi::{encoding, io, sfen, usi, validate as replay};

pub struct Shogi;

pub(super) fn position(text: Option<&str>) -> Result<Position, CliError> {
    match text {
        None => Ok(Position::startpos()),
        Some(t) => {
            let t = t.trim().strip_prefix("sfen ").unwrap_or(t.trim());
            if t == "startpos" {
                return Ok(Position::startpos());
            }
            sfen::parse_position(t).map_err(|p| CliError::input(p, "--position", t))
        }
    }
}

fn format_of(input: &Input, from: Option<&str>) -> Result<Format, CliError> {
    if let Some(f) = from {
        return Format::from_name(f).ok_or_else(|| {
            CliError::usage(format!(
                "unknown shogi notation `{f}` (usi, sfen, csa, kif, ki2)"
            ))
        });
    }
    if let Some(f) = Format::from_path(&input.name) {
        return Ok(f);
    }
    Ok(Format::sniff(&String::from_utf8_lossy(&input.bytes)))
}

/// Decode and read every record of a file; failures are unreadable input (exit 2).
pub(super) fn read_records(
    input: &Input,
    from: Option<&str>,
) -> Result<(String, Format, Vec<Record>), CliError> {
    let puzzle = super::puzzle_file::usi_record_unless_from(input, from)?;
    let input = puzzle.as_ref().unwrap_or(input);
    let format = format_of(input, from)?;
    let (text, warning) = io::decode_reporting(&input.bytes, format, Some(&input.name))
        .map_err(|p| CliError::input(p, &input.name, &String::from_utf8_lossy(&input.bytes)))?;
    super::input::require_text(&text, &input.name)?;
    let mut records =
        io::read(&text, format).map_err(|p| CliError::input(p, &input.name, &text))?;
    if let Some(w) = warning {
        for r in &mut records {
            r.warnings.insert(0, w.clone());
        }
    }
    Ok((text, format, records))
}

fn result_json(r: &Replay) -> serde_json::Value {
    serde_json::to_value(&r.result).unwrap_or_default()
}

/// Replay a record and insist that it is legal (for parse/convert/render/solve).
fn replay_valid(record: &Record, name: &str, text: &str) -> Result<Replay, CliError> {
    let r = replay(record);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(CliError::invalid(p.clone(), name, text)),
    }
}

fn write(record: &Record, r: &Replay, format: Format) -> Result<String, CliError> {
    io::write(record, &r.moves, format).map_err(|p| CliError::usage(p.message))
}

/// `--to sfen-positions`: every position of a record's main line, one SFEN a line.
const SFEN_POSITIONS: &str = "sfen-positions";

/// The SFEN of the start position and of the position after each move (with its move
/// number), one a line: training data, a position a line.
fn sfen_positions(r: &Replay) -> String {
    let mut pos = r.start.clone();
    let mut out = format!("{}\n", sfen::to_sfen(&pos));
    for &m in &r.moves {
        pos.play(m);
        out.push_str(&sfen::to_sfen(&pos));
        out.push('\n');
    }
    out
}

impl GameCli for Shogi {
    fn perft(
        &self,
        pos: Option<&str>,
        depth: u32,
        divide: bool,
        counter: &mut Counter,
    ) -> Result<PerftAnswer, CliError> {
        let pos = position(pos)?;
        let name = |_: &Position, m: &hensoku::shogi::Move| usi::move_text(*m);
        Ok(count_game::<hensoku::shogi::Shogi>(
            counter, &pos, depth, divide, name,
        ))
    }

    fn moves(&self, pos: Option<&str>, notation: Option<&str>) -> Result<Vec<String>, CliError> {
        let pos = position(pos)?;
        let format = match notation {
            None => Format::Usi,
            Some(n) => Format::from_name(n)
                .ok_or_else(|| CliError::usage(format!("unknown notation `{n}`")))?,
        };
        hensoku::shogi::legal_moves(&pos)
            .into_iter()
            .map(|m| io::move_text(&pos, None, m, format).map_err(|p| CliError::usage(p.message)))
            .collect()
    }

    fn validate(&self, input: &Input, from: Option<&str>) -> Result<Checked, CliError> {
        let (text, _, records) = read_records(input, from)?;
        let records = records
            .iter()
            .map(|rec| {
                let r = replay(rec);
                RecordCheck {
                    plies: r.moves.len(),
                    result: result_json(&r),
                    problems: r.problems.clone(),
                    warnings: rec.warnings.clone(),
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
        let (text, format, records) = read_records(input, from)?;
        let mut out = String::new();
        let mut docs = Vec::new();
        for rec in &records {
            let r = replay_valid(rec, &input.name, &text)?;
            out.push_str(&write(rec, &r, format)?);
            docs.push(syntax_json(rec, &text));
        }
        Ok((
            out,
            serde_json::json!({ "format": format.name(), "records": docs }),
        ))
    }

    fn convert(&self, input: &Input, from: Option<&str>, to: &str) -> Result<Converted, CliError> {
        let positions = to == SFEN_POSITIONS;
        let target = Format::from_name(to)
            .or(positions.then_some(Format::Sfen))
            .ok_or_else(|| {
                CliError::usage(format!(
                    "unknown shogi notation `{to}` (usi, sfen, sfen-positions, csa, kif, ki2)"
                ))
            })?;
        let (text, _, records) = read_records(input, from)?;
        let mut out = String::new();
        let mut dropped: Vec<String> = Vec::new();
        let mut irregular: Vec<String> = Vec::new();
        for rec in &records {
            irregular.extend(
                rec.warnings
                    .iter()
                    .filter(|w| w.rule == Rule::Shogi(ShogiRule::IrregularVariation))
                    .map(|w| {
                        let at = w.located(&text);
                        format!("line {}: {}", at.line, w.message)
                    }),
            );
            let r = replay_valid(rec, &input.name, &text)?;
            if positions {
                out.push_str(&sfen_positions(&r));
            } else {
                out.push_str(&write(rec, &r, target)?);
            }
            for d in io::losses(rec, target) {
                // every position of the line says its moves
                if positions && d == "moves" {
                    continue;
                }
                if !dropped.iter().any(|x| x == d) {
                    dropped.push(d.to_string());
                }
            }
        }
        Ok(Converted {
            text: out,
            dropped,
            irregular,
        })
    }

    fn encode_output(
        &self,
        text: &str,
        to: &str,
        path: &std::path::Path,
    ) -> (Vec<u8>, Option<hensoku::Problem>) {
        match Format::from_name(to) {
            Some(Format::Kif | Format::Ki2) => {
                let ext = path.extension().and_then(|e| e.to_str());
                encoding::encode(text, ext)
            }
            _ => (text.as_bytes().to_vec(), None),
        }
    }

    fn solve(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
    ) -> Result<Solved, CliError> {
        let pos = match input {
            Some(i) if super::puzzle_file::is_puzzle(i) => return solve_puzzle(i, req),
            Some(i) => record_start(i)?,
            None => position(pos)?,
        };
        super::shogi_solve::solve(&pos, req)
    }

    fn solve_stipulation(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
        stipulation: hensoku::Stipulation,
    ) -> Option<Result<Solved, CliError>> {
        super::shogi_stipulation::solve(input, pos, req, stipulation)
    }

    fn render(
        &self,
        pos: Option<&str>,
        input: Option<&Input>,
        ascii: bool,
    ) -> Result<Rendered, CliError> {
        let pos = match input {
            Some(i) => {
                let (text, _, records) = read_records(i, None)?;
                let rec = records
                    .first()
                    .ok_or_else(|| CliError::usage("no record in the input"))?;
                replay_valid(rec, &i.name, &text)?.end
            }
            None => position(pos)?,
        };
        Ok(Rendered::of::<hensoku::shogi::Shogi>(&pos, ascii))
    }
}

/// The syntax of a record as JSON: headers, start, and each move's text and span.
fn syntax_json(rec: &Record, text: &str) -> serde_json::Value {
    let variations: Vec<serde_json::Value> = rec
        .variations
        .iter()
        .map(|v| {
            serde_json::json!({
                "ply": v.ply,
                "parent": v.parent,
                "moves": moves_json(&v.moves, v.ply, text),
                "ending": v.ending.as_ref().map(|e| &e.0),
                "ending_time": v.ending_time,
            })
        })
        .collect();
    serde_json::json!({
        "headers": rec.headers,
        "start": sfen::setup_to_sfen(&rec.start),
        "comments": rec.comments,
        "moves": moves_json(&rec.moves, 1, text),
        "ending": rec.ending.as_ref().map(|e| &e.0),
        "ending_time": rec.ending_time,
        "variations": variations,
        "warnings": rec.warnings.iter().map(|w| w.located(text)).collect::<Vec<_>>(),
    })
}

/// Each move of a line as written: its ply, text, span, time and comments.
fn moves_json(moves: &[RecordMove], first_ply: usize, text: &str) -> Vec<serde_json::Value> {
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            serde_json::json!({
                "ply": first_ply + i,
                "text": text.get(m.span.offset..m.span.end()).unwrap_or(""),
                "offset": m.span.offset,
                "length": m.span.len,
                "time": m.time,
                "comments": m.comments,
            })
        })
        .collect()
}

/// A `.puzzle` file: its `Position` tag is the problem; its stipulation bounds the search
/// unless `--mate-in` says otherwise.
/// The start of the first record of a file, replayed to be sure it is legal.
pub(super) fn record_start(i: &Input) -> Result<Position, CliError> {
    let (text, _, records) = read_records(i, None)?;
    let rec = records
        .first()
        .ok_or_else(|| CliError::usage("no record in the input"))?;
    Ok(replay_valid(rec, &i.name, &text)?.start)
}

fn solve_puzzle(input: &Input, req: &SolveRequest) -> Result<Solved, CliError> {
    let file = super::puzzle_file::read(input)?;
    let pos =
        sfen::parse_position(&file.position).map_err(|p| file.position_error(&input.name, p))?;
    let req = SolveRequest {
        mate_in: req.mate_in.or(file.mate_in),
        ..*req
    };
    super::shogi_solve::solve(&pos, &req)
}
