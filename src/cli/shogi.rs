//! The shogi adapter: SFEN positions; USI, SFEN, CSA, KIF and KI2 records.

use super::error::CliError;
use super::game::{
    Checked, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::perft::{Counter, count_game};
pub(super) use hensoku::file::shogi::{position, read_records, replay_valid, write};
use hensoku::shogi::{Format, Position, Record, RecordMove, Replay};
use hensoku::shogi::{encoding, io, sfen, usi, validate as replay};

pub struct Shogi;

fn result_json(r: &Replay) -> serde_json::Value {
    serde_json::to_value(&r.result).unwrap_or_default()
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
