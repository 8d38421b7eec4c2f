//! The adapter of the one-board Portal Chess versions, Hidden's and Buckley's: one generic
//! [`OneBoard`] over the versions' [`Version`] trait, because both read the same PGN-style
//! records (rules §5.5), the same puzzle lines (§7) and the same directmate solver; only
//! the position string, the moves and the portals differ, and those the trait supplies.

use super::error::CliError;
use super::game::{
    Checked, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::input::utf8_text;
use super::perft::{Counter, Tree};
use hensoku::Span;
pub(super) use hensoku::file::portal::{games, replay_valid, start_position, write_game};
use hensoku::portal::{Version, puzzle, replay};
use std::marker::PhantomData;

/// A one-board portal version's adapter; `V` is its position type.
pub struct OneBoard<V>(PhantomData<V>);

pub type Hidden = OneBoard<hensoku::portal::hidden::Position>;
pub type Buckley = OneBoard<hensoku::portal::buckley::Position>;

impl<V> OneBoard<V> {
    pub const fn new() -> Self {
        OneBoard(PhantomData)
    }
}

/// `san` writes `→`, `ascii` writes `->`.
fn ascii_of(notation: Option<&str>) -> Result<bool, CliError> {
    match notation.unwrap_or("san") {
        "san" => Ok(false),
        "ascii" => Ok(true),
        other => Err(CliError::usage(format!(
            "unknown notation `{other}` (san, ascii)"
        ))),
    }
}

/// The position and stated N of a puzzle file: its first line that is not a comment.
fn puzzle_of<V: Version>(input: &Input) -> Result<(V, u32), CliError> {
    let text = utf8_text(input)?;
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    let p = puzzle::parse_line(line).map_err(|p| CliError::input(p, &input.name, &text))?;
    let at = Span::of(&text, p.position).offset;
    let pos = V::read_position(p.position)
        .map_err(|e| CliError::input(e.shifted(at), &input.name, &text))?;
    Ok((pos, p.mate_in))
}

impl<V: Version> GameCli for OneBoard<V> {
    fn perft(
        &self,
        pos: Option<&str>,
        depth: u32,
        divide: bool,
        counter: &mut Counter,
    ) -> Result<PerftAnswer, CliError> {
        let pos: V = start_position(pos)?;
        let children =
            |p: &V| -> Vec<V> { p.legal_moves().into_iter().map(|m| p.after(m)).collect() };
        let named = divide.then(|| {
            pos.legal_moves()
                .into_iter()
                .map(|m| (pos.write_move(m, false), pos.after(m)))
                .collect()
        });
        let tree = Tree {
            leaves: &|p: &V, d| p.perft(d),
            children: &children,
        };
        Ok(counter.count(&pos, depth, named, &tree))
    }

    fn moves(&self, pos: Option<&str>, notation: Option<&str>) -> Result<Vec<String>, CliError> {
        let pos: V = start_position(pos)?;
        let ascii = ascii_of(notation)?;
        Ok(pos
            .legal_moves()
            .into_iter()
            .map(|m| pos.write_move(m, ascii))
            .collect())
    }

    fn validate(&self, input: &Input, _from: Option<&str>) -> Result<Checked, CliError> {
        let text = utf8_text(input)?;
        let records = games(input, &text)?
            .iter()
            .map(|rec| {
                let r = replay::<V>(rec);
                RecordCheck {
                    plies: r.moves.len(),
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
        let text = utf8_text(input)?;
        let mut out = String::new();
        let mut docs = Vec::new();
        for rec in games(input, &text)? {
            let r = replay_valid::<V>(&rec, &input.name, &text)?;
            out.push_str(&write_game(&rec, &r, false));
            docs.push(serde_json::json!({
                "tags": rec.tags,
                "start": r.start.position_string(),
                "moves": rec.moves.iter().map(|m| serde_json::json!({ "text": m.text, "offset": m.span.offset, "length": m.span.len })).collect::<Vec<_>>(),
                "result": rec.result.as_ref().map(|x| &x.0),
            }));
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
            Some(i) => puzzle_of::<V>(i).map(|(p, n)| (p, Some(n)))?,
            None => (start_position::<V>(pos)?, None),
        };
        let n = req.mate_in.or(stated).ok_or_else(|| {
            CliError::usage("give the stipulation: --mate-in N, or a puzzle line `… goal mate N;`")
        })?;
        if n == 0 || n > 20 {
            return Err(CliError::usage(
                "--mate-in counts moves of the mating side: 1 to 20",
            ));
        }
        let answer = pos.solve_mate(n, &req.limits, req.tries);
        Ok(Solved::new(pos.position_string(), answer))
    }

    fn solve_stipulation(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
        stip: hensoku::Stipulation,
    ) -> Option<Result<Solved, CliError>> {
        super::stipulation::solve::<V::Face>(input, req, stip, || match input {
            Some(i) if super::puzzle_file::is_puzzle(i) => {
                Ok(super::puzzle_file::position_with(i, V::read_position)?)
            }
            Some(i) => puzzle_of::<V>(i).map(|(p, _)| p),
            None => Ok(start_position::<V>(pos)?),
        })
    }

    fn render(
        &self,
        pos: Option<&str>,
        input: Option<&Input>,
        ascii: bool,
    ) -> Result<Rendered, CliError> {
        let pos: V = match input {
            Some(i) => {
                let text = utf8_text(i)?;
                let rec = games(i, &text)?
                    .into_iter()
                    .next()
                    .ok_or_else(|| CliError::usage("no game in the input"))?;
                replay_valid::<V>(&rec, &i.name, &text)?.end
            }
            None => start_position(pos)?,
        };
        Ok(Rendered {
            diagram: pos.diagram(ascii),
            svg: pos.svg(),
            position: pos.position_string(),
        })
    }
}
