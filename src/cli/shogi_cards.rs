//! The card-shogi adapter (`--game shogi-cards`): SFEN-C positions and USI-style card
//! records. CSA/KIF/KI2 card forms are not implemented yet and are refused as usage errors.

use super::error::CliError;
use super::game::{Converted, Checked, GameCli, Input, PerftAnswer, RecordCheck, SolveAnswer, SolveRequest};
use hensoku::core::{Problem, Span};
use hensoku::games::shogi::render;
use hensoku::games::shogi::tsume::{SolveOptions, SolveResult};
use hensoku::games::shogi_cards::cardmoves::{legal_plies, perft};
use hensoku::games::shogi_cards::notation::{parse_sfen_c, ply_text, to_sfen_c};
use hensoku::games::shogi_cards::validate::{CardRecord, CardReplay, parse_record, print_record, replay};
use hensoku::games::shogi_cards::{CardPosition, tsume};

pub struct ShogiCards;

fn position(text: Option<&str>) -> Result<CardPosition, CliError> {
    match text {
        None => Ok(CardPosition::startpos()),
        Some(t) => {
            let t = t.trim().strip_prefix("sfen ").unwrap_or(t.trim());
            if t == "startpos" {
                return Ok(CardPosition::startpos());
            }
            parse_sfen_c(t).map(|p| p.0).map_err(|p| CliError::input(p, "--position", t))
        }
    }
}

fn only_usi(name: Option<&str>) -> Result<(), CliError> {
    match name {
        None | Some("usi") | Some("sfen") => Ok(()),
        Some(other) => Err(CliError::usage(format!(
            "the `{other}` card notation is not implemented for shogi-cards yet (available: usi)"
        ))),
    }
}

fn read(input: &Input, from: Option<&str>) -> Result<(String, CardRecord), CliError> {
    only_usi(from)?;
    let text = String::from_utf8(input.bytes.clone()).map_err(|e| {
        CliError::input(Problem::syntax("the input is not UTF-8", Span::new(e.utf8_error().valid_up_to(), 1)), &input.name, "")
    })?;
    let rec = parse_record(&text).map_err(|p| CliError::input(p, &input.name, &text))?;
    Ok((text, rec))
}

fn result_json(r: &CardReplay) -> serde_json::Value {
    serde_json::json!({ "winner": r.result.0, "reason": r.result.1 })
}

fn replay_valid(rec: &CardRecord, name: &str, text: &str) -> Result<CardReplay, CliError> {
    let r = replay(rec);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(CliError::invalid(p.clone(), name, text)),
    }
}

impl GameCli for ShogiCards {
    fn perft(&self, pos: Option<&str>, depth: u32, divide: bool) -> Result<PerftAnswer, CliError> {
        let pos = position(pos)?;
        if divide && depth > 0 {
            let split: Vec<(String, u64)> =
                legal_plies(&pos).into_iter().map(|m| (ply_text(m), perft(&pos.after(m), depth - 1))).collect();
            Ok(PerftAnswer { nodes: split.iter().map(|x| x.1).sum(), divide: split })
        } else {
            Ok(PerftAnswer { nodes: perft(&pos, depth), divide: vec![] })
        }
    }

    fn moves(&self, pos: Option<&str>, notation: Option<&str>) -> Result<Vec<String>, CliError> {
        only_usi(notation)?;
        let pos = position(pos)?;
        Ok(legal_plies(&pos).into_iter().map(ply_text).collect())
    }

    fn validate(&self, input: &Input, from: Option<&str>) -> Result<Checked, CliError> {
        let (text, rec) = read(input, from)?;
        let r = replay(&rec);
        let check =
            RecordCheck { plies: r.plies.len(), result: result_json(&r), problems: r.problems.clone(), warnings: vec![] };
        Ok(Checked { text, records: vec![check] })
    }

    fn parse(&self, input: &Input, from: Option<&str>) -> Result<(String, serde_json::Value), CliError> {
        let (text, rec) = read(input, from)?;
        let r = replay_valid(&rec, &input.name, &text)?;
        let plies: Vec<serde_json::Value> = rec
            .plies
            .iter()
            .enumerate()
            .map(|(i, (m, spans))| {
                let w = spans.whole();
                serde_json::json!({ "ply": i + 1, "text": ply_text(*m), "card": m.card.map(|c| c.letter().to_string()), "offset": w.offset, "length": w.len })
            })
            .collect();
        let json = serde_json::json!({ "format": "usi", "start": to_sfen_c(&rec.start), "cards_stated": rec.cards_stated, "moves": plies });
        Ok((print_record(&rec.start, &r.plies) + "\n", json))
    }

    fn convert(&self, input: &Input, from: Option<&str>, to: &str) -> Result<Converted, CliError> {
        only_usi(Some(to))?;
        let (text, rec) = read(input, from)?;
        let r = replay_valid(&rec, &input.name, &text)?;
        Ok(Converted { text: print_record(&rec.start, &r.plies) + "\n", dropped: vec![] })
    }

    fn solve(&self, input: Option<&Input>, pos: Option<&str>, req: &SolveRequest) -> Result<SolveAnswer, CliError> {
        let mut mate_in = req.mate_in;
        let (pos, stated) = match input {
            Some(i) if super::puzzle_file::is_puzzle(i) => {
                let file = super::puzzle_file::read(i)?;
                mate_in = mate_in.or(file.mate_in);
                parse_sfen_c(&file.position).map_err(|p| file.position_error(&i.name, p))?
            }
            Some(i) => {
                let (_, rec) = read(i, None)?;
                (rec.start, rec.cards_stated)
            }
            None => match pos {
                Some(t) => {
                    let t = t.trim().strip_prefix("sfen ").unwrap_or(t.trim());
                    parse_sfen_c(t).map_err(|p| CliError::input(p, "--position", t))?
                }
                None => (CardPosition::startpos(), false),
            },
        };
        let r = tsume::solve(&pos, &SolveOptions { mate_in, max_nodes: req.nodes, max_time: req.time });
        let att = pos.side_to_move();
        let json = serde_json::json!({
            "result": r.result, "plies": r.plies, "moves": r.moves, "unique": r.unique, "cooks": r.cooks,
            "nodes": r.nodes, "elapsed_ms": r.elapsed_ms, "exact": r.exact, "position": to_sfen_c(&pos), "tree": r.tree,
            "cards_stated": stated,
        });
        let mut text = String::new();
        if !stated {
            text.push_str("warning: the position states no cards field; both sides hold all twelve cards (rules §4.1)\n");
        }
        text.push_str(&match (r.result, r.plies) {
            (SolveResult::Mate, Some(p)) => format!("mate in {p}: {}\n", r.moves.join(" ")),
            (SolveResult::Mate, None) => format!("mate, one mating line: {}\n", r.moves.join(" ")),
            (SolveResult::Nomate, _) => "no mate\n".into(),
            (SolveResult::Unknown, _) => "unknown: a node or time limit stopped the search\n".into(),
        });
        if r.result == SolveResult::Mate && r.exact {
            if r.unique {
                text.push_str("unique: no cooks\n");
            }
            for c in &r.cooks {
                text.push_str(&format!("cook at ply {}: {}\n", c.ply + 1, c.mv));
            }
            let _ = att;
        }
        let tree = r.tree_text();
        if !tree.is_empty() {
            text.push_str("\nsolution tree:\n");
            text.push_str(&tree);
        }
        text.push_str(&format!("\n{} nodes, {} ms\n", r.nodes, r.elapsed_ms));
        let solved = match r.result {
            SolveResult::Mate => Some(true),
            SolveResult::Nomate => Some(false),
            SolveResult::Unknown => None,
        };
        Ok(SolveAnswer { json, text, solved })
    }

    fn render(&self, pos: Option<&str>, input: Option<&Input>, ascii: bool) -> Result<(String, String, String), CliError> {
        let pos = match input {
            Some(i) => {
                let (text, rec) = read(i, None)?;
                replay_valid(&rec, &i.name, &text)?.end
            }
            None => position(pos)?,
        };
        let b = pos.shogi();
        let mut diagram = if ascii { render::ascii_diagram(b) } else { render::japanese_diagram(b) };
        diagram.push_str(&format!("cards: {}\n", to_sfen_c(&pos).rsplitn(3, ' ').nth(1).unwrap_or("-")));
        Ok((diagram, render::svg(b), to_sfen_c(&pos)))
    }
}
