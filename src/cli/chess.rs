//! The chess adapter: FEN positions; PGN games and FEN/EPD position files.

use super::error::CliError;
use super::game::{
    Checked, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::perft::{Counter, count_game};
use hensoku::Problem;
use hensoku::chess::{self as game, Format, Position, PositionLine, Record, RecordMove};
pub(super) use hensoku::file::chess::{
    canonical_pgn, format_of, position, read_games, read_positions, replay_valid,
};

pub struct Chess;

impl GameCli for Chess {
    fn perft(
        &self,
        pos: Option<&str>,
        depth: u32,
        divide: bool,
        counter: &mut Counter,
    ) -> Result<PerftAnswer, CliError> {
        let pos = position(pos)?;
        let name = |p: &Position, m: &game::Move| game::uci_text(p, *m);
        Ok(count_game::<game::Chess>(
            counter, &pos, depth, divide, name,
        ))
    }

    fn moves(&self, pos: Option<&str>, notation: Option<&str>) -> Result<Vec<String>, CliError> {
        let pos = position(pos)?;
        let moves = game::legal_moves(&pos);
        match notation.unwrap_or("san") {
            "san" => Ok(moves.iter().map(|&m| game::move_text(&pos, m)).collect()),
            "uci" => Ok(moves.iter().map(|&m| game::uci_text(&pos, m)).collect()),
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
                    let r = game::validate(rec);
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
            game::read_positions(&text, format)
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
            let out: String = lines.iter().map(|(p, _)| format!("{p}\n")).collect();
            let docs: Vec<_> = lines
                .iter()
                .map(|(p, l)| serde_json::json!({ "fen": p.to_string(), "operations": l.ops }))
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
        let answer = if req.tries {
            game::solve_with_tries(&pos, n, &req.limits)
        } else {
            game::solve(&pos, n, &req.limits)
        };
        Ok(Solved::new(pos.to_string(), answer))
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
        Ok(Rendered::of::<game::Chess>(&pos, ascii))
    }
}

/// A FEN/EPD line checked as a position: its problems, and `bm`-free result.
fn check_position_line(r: Result<PositionLine, Problem>) -> RecordCheck {
    let problems = match r {
        Err(p) => vec![p],
        // the board's problems, and a check only on an otherwise legal board, as this
        // command has always reported them
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
        let start = game::record_start(&rec)
            .map_err(|mut ps| CliError::invalid(ps.remove(0), &i.name, &text))?;
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
    fn line(moves: &[RecordMove], text: &str) -> Vec<serde_json::Value> {
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
