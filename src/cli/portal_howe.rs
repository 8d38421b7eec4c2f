//! The adapter of Howe's Portal Chess (`--game portal-howe`): the two-area position string,
//! `n:` records with `[Variant "portal-howe"]`, puzzle lines of the rules file (§7), and a
//! mate-in-N solver on the generic df-pn search.

use super::error::CliError;
use super::game::{
    Checked, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::perft::{Counter, count_game};
use hensoku::Span;
pub(super) use hensoku::file::portal_howe::{games, position, replay_valid, write_game};
use hensoku::portal::howe::{self as game, Position as HowePosition};
use hensoku::portal::puzzle;

pub struct Howe;

/// The position and mate length of a puzzle line (`<fen>; goal mate N;`), the first
/// line of `input` that is not empty or a `#` comment.
fn puzzle_line(input: &Input) -> Result<(HowePosition, u32), CliError> {
    let text = super::input::utf8_text(input)?;
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    let p = puzzle::parse_line(line).map_err(|p| CliError::input(p, &input.name, &text))?;
    let at = Span::of(&text, p.position).offset;
    let pos = p
        .position
        .parse()
        .map_err(|e: hensoku::Problem| CliError::input(e.shifted(at), &input.name, &text))?;
    Ok((pos, p.mate_in))
}

fn ascii_of(notation: Option<&str>) -> Result<bool, CliError> {
    match notation.unwrap_or("san") {
        "san" => Ok(false),
        "ascii" => Ok(true),
        other => Err(CliError::usage(format!(
            "unknown notation `{other}` (san, ascii)"
        ))),
    }
}

impl GameCli for Howe {
    fn perft(
        &self,
        pos: Option<&str>,
        depth: u32,
        divide: bool,
        counter: &mut Counter,
    ) -> Result<PerftAnswer, CliError> {
        let pos = position(pos)?;
        let name = |p: &HowePosition, m: &game::Ply| game::move_text(p, *m);
        Ok(count_game::<game::Howe>(counter, &pos, depth, divide, name))
    }

    fn moves(&self, pos: Option<&str>, notation: Option<&str>) -> Result<Vec<String>, CliError> {
        let pos = position(pos)?;
        let ascii = ascii_of(notation)?;
        let text = if ascii {
            game::move_text_ascii
        } else {
            game::move_text
        };
        Ok(game::legal_moves(&pos)
            .into_iter()
            .map(|p| text(&pos, p))
            .collect())
    }

    fn validate(&self, input: &Input, _from: Option<&str>) -> Result<Checked, CliError> {
        let text = super::input::utf8_text(input)?;
        let records = games(input, &text)?
            .iter()
            .map(|rec| {
                let r = game::validate(rec);
                RecordCheck {
                    plies: r.plies.len(),
                    result: serde_json::to_value(&r.result).unwrap_or_default(),
                    problems: r.problems,
                    warnings: vec![],
                }
            })
            .collect();
        Ok(Checked { text, records })
    }

    fn parse(
        &self,
        input: &Input,
        _from: Option<&str>,
    ) -> Result<(String, serde_json::Value), CliError> {
        let text = super::input::utf8_text(input)?;
        let mut out = String::new();
        let mut docs = Vec::new();
        for rec in games(input, &text)? {
            let r = replay_valid(&rec, &input.name, &text)?;
            out.push_str(&write_game(&rec, &r, false));
            let slots: Vec<serde_json::Value> = rec
                .slots
                .iter()
                .map(|s| serde_json::json!({ "number": s.number, "side": if s.half == 0 { "white" } else { "black" }, "text": s.text, "offset": s.span.offset, "length": s.span.len }))
                .collect();
            docs.push(serde_json::json!({
                "tags": rec.tags,
                "start": r.start.to_string(),
                "plies": slots,
                "result": rec.result.as_ref().map(|x| &x.0),
            }));
        }
        Ok((
            out,
            serde_json::json!({ "format": "howe", "records": docs }),
        ))
    }

    fn solve(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
    ) -> Result<Solved, CliError> {
        let (pos, stated) = match input {
            Some(i) => puzzle_line(i).map(|(p, n)| (p, Some(n)))?,
            None => (position(pos)?, None),
        };
        let n = req.mate_in.or(stated).ok_or_else(|| {
            CliError::usage("give the stipulation: --mate-in N, or a puzzle line `… goal mate N;`")
        })?;
        if n == 0 || n > 20 {
            return Err(CliError::usage(
                "--mate-in counts plies of the mating side: 1 to 20",
            ));
        }
        let answer = game::solve(&pos, n, &req.limits);
        Ok(Solved::new(pos.to_string(), answer))
    }

    fn solve_stipulation(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
        stip: hensoku::Stipulation,
    ) -> Option<Result<Solved, CliError>> {
        use hensoku::portal::howe::Howe;
        super::stipulation::solve::<Howe>(input, req, stip, || match input {
            Some(i) if super::puzzle_file::is_puzzle(i) => Ok(super::puzzle_file::position(i)?),
            Some(i) => puzzle_line(i).map(|(p, _)| p),
            None => Ok(position(pos)?),
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
                let text = super::input::utf8_text(i)?;
                let rec = games(i, &text)?
                    .into_iter()
                    .next()
                    .ok_or_else(|| CliError::usage("no game in the input"))?;
                replay_valid(&rec, &i.name, &text)?.end
            }
            None => position(pos)?,
        };
        Ok(Rendered::of::<game::Howe>(&pos, ascii))
    }
}
