//! The Portal Chess adapters. Hidden's version: its position string (FEN + portal list),
//! PGN-style records with `→` teleports, puzzle lines of the rules file (§7).

use super::error::CliError;
use super::game::{Checked, Converted, GameCli, Input, PerftAnswer, RecordCheck, SolveAnswer, SolveRequest};
use hensoku::core::{Problem, Span};
use hensoku::games::chess::notation::pgn;
use hensoku::games::chess::problem::{self, Limits, Options};
use hensoku::games::chess::record::Record;
use hensoku::games::chess::render;
use hensoku::games::portal::hidden::validate::{Replay, canonical_moves, replay};
use hensoku::games::portal::hidden::{HiddenPosition, movegen, notation, position};
use hensoku::games::portal::puzzle;

pub struct Hidden;

fn hidden_position(text: Option<&str>) -> Result<HiddenPosition, CliError> {
    match text.map(str::trim) {
        None | Some("startpos") => Ok(HiddenPosition::startpos()),
        Some(t) => position::parse(t).map_err(|p| CliError::input(p, "--position", t)),
    }
}

fn text_of(input: &Input) -> Result<String, CliError> {
    let text = String::from_utf8_lossy(&input.bytes).into_owned();
    if text.trim().is_empty() {
        return Err(CliError::input(Problem::syntax("the input is empty", Span::new(0, text.len())), &input.name, &text));
    }
    Ok(text)
}

fn games(input: &Input, text: &str) -> Result<Vec<Record>, CliError> {
    pgn::read(text).map_err(|p| CliError::input(p, &input.name, text))
}

fn replay_valid(rec: &Record, name: &str, text: &str) -> Result<Replay, CliError> {
    let r = replay(rec);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(CliError::invalid(p.clone(), name, text)),
    }
}

/// PGN export of a replayed Hidden game: tags, then numbered canonical moves.
fn write_game(rec: &Record, r: &Replay, ascii: bool) -> String {
    let mut out = String::new();
    for (k, v) in &rec.tags {
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    if !rec.tags.is_empty() {
        out.push('\n');
    }
    let black_first = r.start.turn() == hensoku::games::chess::Color::Black;
    let mut number = r.start.board().fullmoves();
    let mut tokens = Vec::new();
    for (i, t) in canonical_moves(&r.start, &r.moves, ascii).into_iter().enumerate() {
        let white = (i % 2 == 0) != black_first;
        if white {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(t);
        if !white {
            number += 1;
        }
    }
    tokens.push(rec.result.as_ref().map_or("*".into(), |r| r.0.clone()));
    out.push_str(&tokens.join(" "));
    out.push_str("\n\n");
    out
}

impl GameCli for Hidden {
    fn perft(&self, pos: Option<&str>, depth: u32, divide: bool) -> Result<PerftAnswer, CliError> {
        let pos = hidden_position(pos)?;
        if !divide {
            return Ok(PerftAnswer { nodes: movegen::perft(&pos, depth), divide: vec![] });
        }
        let split: Vec<(String, u64)> = movegen::legal_moves(&pos)
            .into_iter()
            .map(|m| (notation::move_text(&pos, m, false), movegen::perft(&pos.after(m), depth.saturating_sub(1))))
            .collect();
        Ok(PerftAnswer { nodes: split.iter().map(|x| x.1).sum(), divide: split })
    }

    fn moves(&self, pos: Option<&str>, notation_name: Option<&str>) -> Result<Vec<String>, CliError> {
        let pos = hidden_position(pos)?;
        let ascii = match notation_name.unwrap_or("san") {
            "san" => false,
            "ascii" => true,
            other => return Err(CliError::usage(format!("unknown notation `{other}` (san, ascii)"))),
        };
        Ok(movegen::legal_moves(&pos).into_iter().map(|m| notation::move_text(&pos, m, ascii)).collect())
    }

    fn validate(&self, input: &Input, _from: Option<&str>) -> Result<Checked, CliError> {
        let text = text_of(input)?;
        let records = games(input, &text)?
            .iter()
            .map(|rec| {
                let r = replay(rec);
                RecordCheck { plies: r.moves.len(), result: serde_json::to_value(&r.result).unwrap_or_default(), problems: r.problems, warnings: vec![] }
            })
            .collect();
        Ok(Checked { text, records })
    }

    fn parse(&self, input: &Input, _from: Option<&str>) -> Result<(String, serde_json::Value), CliError> {
        let text = text_of(input)?;
        let mut out = String::new();
        let mut docs = Vec::new();
        for rec in games(input, &text)? {
            let r = replay_valid(&rec, &input.name, &text)?;
            out.push_str(&write_game(&rec, &r, false));
            docs.push(serde_json::json!({
                "tags": rec.tags,
                "start": position::to_string(&r.start),
                "moves": rec.moves.iter().map(|m| serde_json::json!({ "text": m.text, "offset": m.span.offset, "length": m.span.len })).collect::<Vec<_>>(),
                "result": rec.result.as_ref().map(|x| &x.0),
            }));
        }
        Ok((out, serde_json::json!({ "format": "pgn", "records": docs })))
    }

    fn convert(&self, input: &Input, _from: Option<&str>, to: &str) -> Result<Converted, CliError> {
        // every chess and portal notation here carries the whole record: nothing is dropped
        let text = (|| -> Result<String, CliError> {
            let ascii = match to {
                "pgn" => false,
                "ascii" | "pgn-ascii" => true,
                "position" => {
                    let text = text_of(input)?;
                    let mut out = String::new();
                    for rec in games(input, &text)? {
                        out.push_str(&(position::to_string(&replay_valid(&rec, &input.name, &text)?.end) + "\n"));
                    }
                    return Ok(out);
                }
                other => return Err(CliError::usage(format!("unknown Hidden notation `{other}` (pgn, pgn-ascii, position)"))),
            };
            let text = text_of(input)?;
            let mut out = String::new();
            for rec in games(input, &text)? {
                out.push_str(&write_game(&rec, &replay_valid(&rec, &input.name, &text)?, ascii));
            }
            Ok(out)
        })()?;
        Ok(Converted { text, dropped: Vec::new() })
    }

    fn solve(&self, input: Option<&Input>, pos: Option<&str>, req: &SolveRequest) -> Result<SolveAnswer, CliError> {
        let (pos, stated) = match input {
            Some(i) => {
                let text = text_of(i)?;
                let line = text.lines().find(|l| !l.trim().is_empty() && !l.starts_with('#')).unwrap_or("");
                let p = puzzle::parse_line(line).map_err(|p| CliError::input(p, &i.name, &text))?;
                let at = Span::of(&text, p.position).offset;
                let pos = position::parse(p.position).map_err(|e| CliError::input(e.shifted(at), &i.name, &text))?;
                (pos, Some(p.mate_in))
            }
            None => (hidden_position(pos)?, None),
        };
        let n = req.mate_in.or(stated).ok_or_else(|| CliError::usage("give the stipulation: --mate-in N, or a puzzle line `… goal mate N;`"))?;
        if n == 0 || n > 20 {
            return Err(CliError::usage("--mate-in counts moves of the mating side: 1 to 20"));
        }
        let deadline = req.time.map(|t| std::time::Instant::now() + t);
        let sol = problem::solve(&pos, n, Options { limits: Limits { nodes: req.nodes, deadline }, tries: req.tries, tree_depth: None });
        let solved = match sol.status.as_str() {
            "solved" => Some(true),
            "nomate" => Some(false),
            _ => None,
        };
        let mut json = serde_json::to_value(&sol).unwrap_or_default();
        json["position"] = position::to_string(&pos).into();
        Ok(SolveAnswer { json, text: problem::render_text(&sol), solved })
    }

    fn render(&self, pos: Option<&str>, input: Option<&Input>, ascii: bool) -> Result<(String, String, String), CliError> {
        let pos = match input {
            Some(i) => {
                let text = text_of(i)?;
                let rec = games(i, &text)?.into_iter().next().ok_or_else(|| CliError::usage("no game in the input"))?;
                replay_valid(&rec, &i.name, &text)?.end
            }
            None => hidden_position(pos)?,
        };
        let mut diagram = render::diagram(pos.board(), ascii);
        diagram.push_str(&format!("portals: {}\n", position::portal_list(&pos)));
        Ok((diagram, render::svg(pos.board()), position::to_string(&pos)))
    }
}

/// Buckley's version: position string `FEN W:K[!]`, PGN-style records, puzzle lines.
pub struct Buckley;

use hensoku::games::portal::buckley::{BuckleyPosition, movegen as bmovegen, notation as bnotation, position as bposition};
use hensoku::games::portal::replay::{self as preplay, Version};

fn buckley_position(text: Option<&str>) -> Result<BuckleyPosition, CliError> {
    match text.map(str::trim) {
        None | Some("startpos") => Ok(BuckleyPosition::startpos()),
        Some(t) => bposition::parse(t).map_err(|p| CliError::input(p, "--position", t)),
    }
}

fn buckley_valid(rec: &Record, name: &str, text: &str) -> Result<preplay::Replay<BuckleyPosition>, CliError> {
    let r = preplay::replay::<BuckleyPosition>(rec);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(CliError::invalid(p.clone(), name, text)),
    }
}

fn buckley_game(rec: &Record, r: &preplay::Replay<BuckleyPosition>, ascii: bool) -> String {
    let mut out: String = rec.tags.iter().map(|(k, v)| format!("[{k} \"{v}\"]\n")).collect();
    if !rec.tags.is_empty() {
        out.push('\n');
    }
    let mut pos = r.start.clone();
    let mut tokens = Vec::new();
    for (i, &m) in r.moves.iter().enumerate() {
        let white = pos.turn() == hensoku::games::chess::Color::White;
        if white || i == 0 {
            tokens.push(format!("{}{}", pos.board().fullmoves(), if white { "." } else { "..." }));
        }
        tokens.push(bnotation::move_text(&pos, m, ascii));
        pos = pos.after(m);
    }
    tokens.push(rec.result.as_ref().map_or("*".into(), |x| x.0.clone()));
    out.push_str(&tokens.join(" "));
    out.push_str("\n\n");
    out
}

impl GameCli for Buckley {
    fn perft(&self, pos: Option<&str>, depth: u32, divide: bool) -> Result<PerftAnswer, CliError> {
        let pos = buckley_position(pos)?;
        if !divide {
            return Ok(PerftAnswer { nodes: bmovegen::perft(&pos, depth), divide: vec![] });
        }
        let split: Vec<(String, u64)> = bmovegen::legal_moves(&pos)
            .into_iter()
            .map(|m| (bnotation::move_text(&pos, m, false), bmovegen::perft(&pos.after(m), depth.saturating_sub(1))))
            .collect();
        Ok(PerftAnswer { nodes: split.iter().map(|x| x.1).sum(), divide: split })
    }

    fn moves(&self, pos: Option<&str>, notation_name: Option<&str>) -> Result<Vec<String>, CliError> {
        let pos = buckley_position(pos)?;
        let ascii = match notation_name.unwrap_or("san") {
            "san" => false,
            "ascii" => true,
            other => return Err(CliError::usage(format!("unknown notation `{other}` (san, ascii)"))),
        };
        Ok(bmovegen::legal_moves(&pos).into_iter().map(|m| bnotation::move_text(&pos, m, ascii)).collect())
    }

    fn validate(&self, input: &Input, _from: Option<&str>) -> Result<Checked, CliError> {
        let text = text_of(input)?;
        let records = games(input, &text)?
            .iter()
            .map(|rec| {
                let r = preplay::replay::<BuckleyPosition>(rec);
                RecordCheck { plies: r.moves.len(), result: serde_json::to_value(&r.result).unwrap_or_default(), problems: r.problems, warnings: vec![] }
            })
            .collect();
        Ok(Checked { text, records })
    }

    fn parse(&self, input: &Input, _from: Option<&str>) -> Result<(String, serde_json::Value), CliError> {
        let text = text_of(input)?;
        let mut out = String::new();
        let mut docs = Vec::new();
        for rec in games(input, &text)? {
            let r = buckley_valid(&rec, &input.name, &text)?;
            out.push_str(&buckley_game(&rec, &r, false));
            docs.push(serde_json::json!({ "tags": rec.tags, "start": r.start.position_string(), "plies": r.moves.len() }));
        }
        Ok((out, serde_json::json!({ "format": "pgn", "records": docs })))
    }

    fn convert(&self, input: &Input, _from: Option<&str>, to: &str) -> Result<Converted, CliError> {
        // every chess and portal notation here carries the whole record: nothing is dropped
        let text = (|| -> Result<String, CliError> {
            let text = text_of(input)?;
            let mut out = String::new();
            for rec in games(input, &text)? {
                let r = buckley_valid(&rec, &input.name, &text)?;
                match to {
                    "pgn" => out.push_str(&buckley_game(&rec, &r, false)),
                    "pgn-ascii" | "ascii" => out.push_str(&buckley_game(&rec, &r, true)),
                    "position" => out.push_str(&(r.end.position_string() + "\n")),
                    other => return Err(CliError::usage(format!("unknown Buckley notation `{other}` (pgn, pgn-ascii, position)"))),
                }
            }
            Ok(out)
        })()?;
        Ok(Converted { text, dropped: Vec::new() })
    }

    fn solve(&self, input: Option<&Input>, pos: Option<&str>, req: &SolveRequest) -> Result<SolveAnswer, CliError> {
        let (pos, stated) = match input {
            Some(i) => {
                let text = text_of(i)?;
                let line = text.lines().find(|l| !l.trim().is_empty() && !l.starts_with('#')).unwrap_or("");
                let p = puzzle::parse_line(line).map_err(|p| CliError::input(p, &i.name, &text))?;
                let at = Span::of(&text, p.position).offset;
                (bposition::parse(p.position).map_err(|e| CliError::input(e.shifted(at), &i.name, &text))?, Some(p.mate_in))
            }
            None => (buckley_position(pos)?, None),
        };
        let n = req.mate_in.or(stated).ok_or_else(|| CliError::usage("give the stipulation: --mate-in N, or a puzzle line `… goal mate N;`"))?;
        if n == 0 || n > 20 {
            return Err(CliError::usage("--mate-in counts moves of the mating side: 1 to 20"));
        }
        let deadline = req.time.map(|t| std::time::Instant::now() + t);
        let sol = problem::solve(&pos, n, Options { limits: Limits { nodes: req.nodes, deadline }, tries: req.tries, tree_depth: None });
        let solved = match sol.status.as_str() {
            "solved" => Some(true),
            "nomate" => Some(false),
            _ => None,
        };
        let mut json = serde_json::to_value(&sol).unwrap_or_default();
        json["position"] = pos.position_string().into();
        Ok(SolveAnswer { json, text: problem::render_text(&sol), solved })
    }

    fn render(&self, pos: Option<&str>, input: Option<&Input>, ascii: bool) -> Result<(String, String, String), CliError> {
        let pos = match input {
            Some(i) => {
                let text = text_of(i)?;
                let rec = games(i, &text)?.into_iter().next().ok_or_else(|| CliError::usage("no game in the input"))?;
                buckley_valid(&rec, &i.name, &text)?.end
            }
            None => buckley_position(pos)?,
        };
        let (w, k, fixed) = pos.portals();
        let mut diagram = render::diagram(pos.board(), ascii);
        diagram.push_str(&if fixed { format!("portals fixed on {w} (black hole)\n") } else { format!("portals: W {w}, K {k}\n") });
        Ok((diagram, render::svg(pos.board()), pos.position_string()))
    }
}
