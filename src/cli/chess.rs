//! The chess adapter: FEN positions; PGN games and FEN/EPD position files.

use super::error::CliError;
use super::game::{
    Checked, Converted, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::perft::{Counter, count_game};
use hensoku::Problem;
use hensoku::games::chess::io::{self, Format};
use hensoku::games::chess::notation::{fen, pgn, san, uci};
use hensoku::games::chess::record::Record;
use hensoku::games::chess::solve;
use hensoku::games::chess::validate::{self, Replay, replay};
use hensoku::games::chess::{Position, movegen};

pub struct Chess;

/// A `--position`: a FEN, or `startpos`.
pub(super) fn position(text: Option<&str>) -> Result<Position, CliError> {
    match text.map(str::trim) {
        None | Some("startpos") => Ok(Position::startpos()),
        Some(t) => {
            let setup = fen::parse_setup(t).map_err(|p| CliError::input(p, "--position", t))?;
            setup
                .validate()
                .map_err(|mut ps| CliError::input(ps.remove(0), "--position", t))
        }
    }
}

pub(super) fn format_of(input: &Input, from: Option<&str>) -> Result<Format, CliError> {
    if let Some(f) = from {
        return Format::from_name(f).ok_or_else(|| {
            CliError::usage(format!("unknown chess notation `{f}` (pgn, fen, epd)"))
        });
    }
    Ok(Format::from_path(&input.name)
        .unwrap_or_else(|| Format::sniff(&String::from_utf8_lossy(&input.bytes))))
}

fn read_games(input: &Input, text: &str) -> Result<Vec<Record>, CliError> {
    io::read_games(text).map_err(|p| CliError::input(p, &input.name, text))
}

/// Validated positions of a FEN/EPD file (each line's problems shifted to the file).
pub(super) fn read_positions(
    input: &Input,
    text: &str,
    format: Format,
) -> Result<Vec<(Position, io::PositionLine)>, CliError> {
    io::read_positions(text, format)
        .into_iter()
        .map(|r| {
            let line = r.map_err(|p| CliError::input(p, &input.name, text))?;
            let pos = line.setup.validate().map_err(|mut ps| {
                invalid(ps.remove(0).shifted(line.span.offset), &input.name, text)
            })?;
            Ok((pos, line))
        })
        .collect()
}

fn invalid(p: Problem, name: &str, text: &str) -> CliError {
    CliError::invalid(p, name, text)
}

fn replay_valid(record: &Record, name: &str, text: &str) -> Result<Replay, CliError> {
    let r = replay(record);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(invalid(p.clone(), name, text)),
    }
}

fn canonical_pgn(record: &Record, r: &Replay) -> Result<String, CliError> {
    let printed =
        validate::printed_line(&r.start, &record.moves).map_err(|p| CliError::usage(p.message))?;
    Ok(pgn::write(record, &printed, validate::first_ply(&r.start)))
}

/// Moves of a replayed line in one notation (`san` or `uci`).
fn line_text(start: &Position, moves: &[hensoku::games::chess::Move], uci_form: bool) -> String {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for &m in moves {
        out.push(if uci_form {
            uci::move_text_in(&pos, m)
        } else {
            san::move_text(&pos, m)
        });
        pos = pos.after(m);
    }
    out.join(" ")
}

impl GameCli for Chess {
    fn perft(
        &self,
        pos: Option<&str>,
        depth: u32,
        divide: bool,
        counter: &mut Counter,
    ) -> Result<PerftAnswer, CliError> {
        let pos = position(pos)?;
        let name = |p: &Position, m: &hensoku::chess::Move| uci::move_text_in(p, *m);
        Ok(count_game::<hensoku::chess::Chess>(
            counter, &pos, depth, divide, name,
        ))
    }

    fn moves(&self, pos: Option<&str>, notation: Option<&str>) -> Result<Vec<String>, CliError> {
        let pos = position(pos)?;
        let moves = movegen::legal_moves(&pos);
        match notation.unwrap_or("san") {
            "san" => Ok(moves.iter().map(|&m| san::move_text(&pos, m)).collect()),
            "uci" => Ok(moves.iter().map(|&m| uci::move_text_in(&pos, m)).collect()),
            other => Err(CliError::usage(format!(
                "unknown chess move notation `{other}` (san, uci)"
            ))),
        }
    }

    fn validate(&self, input: &Input, from: Option<&str>) -> Result<Checked, CliError> {
        let format = format_of(input, from)?;
        let text = super::input::utf8_text(input)?;
        let records = if format == Format::Pgn {
            read_games(input, &text)?
                .iter()
                .map(|rec| {
                    let r = replay(rec);
                    let result = serde_json::to_value(&r.result).unwrap_or_default();
                    RecordCheck {
                        plies: r.moves.len(),
                        result,
                        problems: r.problems,
                        warnings: vec![],
                    }
                })
                .collect()
        } else {
            io::read_positions(&text, format)
                .into_iter()
                .map(check_position_line)
                .collect()
        };
        Ok(Checked { text, records })
    }

    fn parse(
        &self,
        input: &Input,
        from: Option<&str>,
    ) -> Result<(String, serde_json::Value), CliError> {
        let format = format_of(input, from)?;
        let text = super::input::utf8_text(input)?;
        if format != Format::Pgn {
            let lines = read_positions(input, &text, format)?;
            let out: String = lines.iter().map(|(p, _)| fen::to_fen(p) + "\n").collect();
            let docs: Vec<_> = lines
                .iter()
                .map(|(p, l)| serde_json::json!({ "fen": fen::to_fen(p), "operations": l.ops }))
                .collect();
            return Ok((
                out,
                serde_json::json!({ "format": format.name(), "positions": docs }),
            ));
        }
        let mut out = String::new();
        let mut docs = Vec::new();
        for rec in read_games(input, &text)? {
            let r = replay_valid(&rec, &input.name, &text)?;
            out.push_str(&canonical_pgn(&rec, &r)?);
            docs.push(syntax_json(&rec, &text));
        }
        Ok((out, serde_json::json!({ "format": "pgn", "records": docs })))
    }

    fn convert(&self, input: &Input, from: Option<&str>, to: &str) -> Result<Converted, CliError> {
        // every chess and portal notation here carries the whole record: nothing is dropped
        let text = (|| -> Result<String, CliError> {
            let format = format_of(input, from)?;
            let text = super::input::utf8_text(input)?;
            if !matches!(to, "pgn" | "san" | "uci" | "fen") {
                return Err(CliError::usage(format!(
                    "unknown chess notation `{to}` (pgn, san, uci, fen)"
                )));
            }
            if format != Format::Pgn {
                if to != "fen" {
                    return Err(CliError::usage(
                        "a FEN/EPD file holds positions, not moves: convert it to fen only",
                    ));
                }
                return Ok(read_positions(input, &text, format)?
                    .iter()
                    .map(|(p, _)| fen::to_fen(p) + "\n")
                    .collect());
            }
            let mut out = String::new();
            for rec in read_games(input, &text)? {
                let r = replay_valid(&rec, &input.name, &text)?;
                match to {
                    "pgn" => out.push_str(&canonical_pgn(&rec, &r)?),
                    "fen" => out.push_str(&(fen::to_fen(&r.end) + "\n")),
                    _ => out.push_str(&(line_text(&r.start, &r.moves, to == "uci") + "\n")),
                }
            }
            Ok(out)
        })()?;
        Ok(Converted {
            irregular: Vec::new(),
            text,
            dropped: Vec::new(),
        })
    }

    fn solve(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
    ) -> Result<Solved, CliError> {
        let (pos, stated) = match input {
            Some(i) => puzzle_of(i)?,
            None => (position(pos)?, None),
        };
        let n = req
            .mate_in
            .or(stated)
            .ok_or_else(|| CliError::usage("give the stipulation: --mate-in N (moves), a [Stipulation \"#N\"] tag, or an EPD `bm #N`"))?;
        if n == 0 || n > 20 {
            return Err(CliError::usage(
                "--mate-in counts moves of the mating side: 1 to 20",
            ));
        }
        let answer = solve::solve(&pos, n, &req.limits, req.tries);
        Ok(Solved::new(fen::to_fen(&pos), answer))
    }

    fn solve_stipulation(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
        stipulation: hensoku::Stipulation,
    ) -> Option<Result<Solved, CliError>> {
        super::chess_stipulation::solve(input, pos, req, stipulation)
    }

    fn render(
        &self,
        pos: Option<&str>,
        input: Option<&Input>,
        ascii: bool,
    ) -> Result<Rendered, CliError> {
        let pos = match input {
            Some(i) => {
                let format = format_of(i, None)?;
                let text = super::input::utf8_text(i)?;
                if format == Format::Pgn {
                    let rec = read_games(i, &text)?
                        .into_iter()
                        .next()
                        .ok_or_else(|| CliError::usage("no game in the input"))?;
                    replay_valid(&rec, &i.name, &text)?.end
                } else {
                    read_positions(i, &text, format)?
                        .into_iter()
                        .next()
                        .ok_or_else(|| CliError::usage("no position in the input"))?
                        .0
                }
            }
            None => position(pos)?,
        };
        Ok(Rendered::of::<hensoku::chess::Chess>(&pos, ascii))
    }
}

/// A FEN/EPD line checked as a position: its problems, and `bm`-free result.
fn check_position_line(r: Result<io::PositionLine, Problem>) -> RecordCheck {
    let problems = match r {
        Err(p) => vec![p],
        Ok(line) => match line.setup.validate() {
            Ok(_) => vec![],
            Err(ps) => ps
                .into_iter()
                .map(|p| p.shifted(line.span.offset))
                .collect(),
        },
    };
    RecordCheck {
        plies: 0,
        result: serde_json::json!({ "reason": "position" }),
        problems,
        warnings: vec![],
    }
}

/// The start of a puzzle file and its stated length: a PGN game's `FEN` and
/// `[Stipulation "#N"]`, or the first FEN/EPD line and its `bm #N`.
fn puzzle_of(i: &Input) -> Result<(Position, Option<u32>), CliError> {
    let format = format_of(i, None)?;
    let text = super::input::utf8_text(i)?;
    let stip = |s: &str| s.trim().strip_prefix('#').and_then(|n| n.parse().ok());
    if format == Format::Pgn {
        let rec = read_games(i, &text)?
            .into_iter()
            .next()
            .ok_or_else(|| CliError::usage("no game in the input"))?;
        let start =
            validate::start_of(&rec).map_err(|mut ps| invalid(ps.remove(0), &i.name, &text))?;
        Ok((start, rec.tag("Stipulation").and_then(stip)))
    } else {
        let (pos, line) = read_positions(i, &text, format)?
            .into_iter()
            .next()
            .ok_or_else(|| CliError::usage("no position in the input"))?;
        let bm = line
            .ops
            .iter()
            .find(|(k, _)| k == "bm")
            .and_then(|(_, v)| stip(v));
        Ok((pos, bm))
    }
}

/// The start position of a PGN or FEN/EPD puzzle file, whatever its stipulation.
pub(super) fn puzzle_position(i: &Input) -> Result<Position, CliError> {
    puzzle_of(i).map(|(p, _)| p)
}

fn syntax_json(rec: &Record, text: &str) -> serde_json::Value {
    fn line(
        moves: &[hensoku::games::chess::record::RecordMove],
        text: &str,
    ) -> Vec<serde_json::Value> {
        moves
            .iter()
            .map(|m| {
                serde_json::json!({
                    "text": text.get(m.span.offset..m.span.end()).unwrap_or(""),
                    "offset": m.span.offset,
                    "length": m.span.len,
                    "nags": m.nags,
                    "comments": m.comments,
                    "variations": m.variations.iter().map(|v| line(v, text)).collect::<Vec<_>>(),
                })
            })
            .collect()
    }
    serde_json::json!({
        "tags": rec.tags,
        "comments": rec.comments,
        "moves": line(&rec.moves, text),
        "result": rec.result.as_ref().map(|r| &r.0),
    })
}
