//! The Shelt adapter: SPN positions; `.shelt` records in readout or compact notation.

use super::error::CliError;
use super::game::{
    Checked, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::perft::{Counter, count_game};
pub(super) use hensoku::file::shelt::{mode, parse_record, position, read, replay_valid};
use hensoku::shelt::{
    self, Format, MateIn, Mode, Position, Previous, Record, Replay, compact, readout, spn,
};

pub struct Shelt;

fn decode(input: &Input) -> Result<String, CliError> {
    Ok(super::input::utf8_text(input)?)
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
            Some(i) if super::puzzle_file::is_puzzle(i) => Ok(super::puzzle_file::position(i)?),
            Some(i) => start_of(i).map(|(start, _)| start),
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
                let (text, rec) = read(i)?;
                replay_valid(&rec, Mode::Lenient, &i.name, &text)?.end
            }
            None => position(pos)?,
        };
        Ok(Rendered::of::<shelt::Shelt>(&pos, ascii))
    }
}
