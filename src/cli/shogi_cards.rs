//! The card-shogi adapter (`--game shogi-cards`): SFEN-C positions and card records in
//! USI-style text, CSA, KIF and KI2 (rules §5.2–§5.5).

use super::error::CliError;
use super::game::{
    Checked, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::perft::{Counter, count_game};
pub(super) use hensoku::file::shogi_cards::{form_of, input_form, position, read, replay_valid};
use hensoku::shogi_cards::notation::{parse_sfen_c, ply_text, print_in, print_record, to_sfen_c};
use hensoku::shogi_cards::{CardsExtension, Form, legal_moves as legal_plies, solve_with};
use hensoku::shogi_cards::{Position as CardPosition, Replay as CardReplay, validate as replay};

pub struct ShogiCards;

fn result_json(r: &CardReplay) -> serde_json::Value {
    serde_json::json!({ "winner": r.result.0, "reason": r.result.1 })
}

impl GameCli for ShogiCards {
    fn perft(
        &self,
        pos: Option<&str>,
        depth: u32,
        divide: bool,
        counter: &mut Counter,
    ) -> Result<PerftAnswer, CliError> {
        let pos = position(pos)?;
        let name = |_: &CardPosition, m: &hensoku::shogi_cards::Move| ply_text(*m);
        Ok(count_game::<hensoku::shogi_cards::ShogiCards>(
            counter, &pos, depth, divide, name,
        ))
    }

    fn moves(&self, pos: Option<&str>, notation: Option<&str>) -> Result<Vec<String>, CliError> {
        let form = form_of(notation)?;
        let pos = position(pos)?;
        let legal = legal_plies(&pos);
        Ok(match form {
            None => legal.into_iter().map(ply_text).collect(),
            Some(f) => legal
                .iter()
                .map(|&m| print_in(f, &pos, m, None, &legal))
                .collect(),
        })
    }

    fn validate(&self, input: &Input, from: Option<&str>) -> Result<Checked, CliError> {
        let (text, rec) = read(input, from)?;
        let r = replay(&rec);
        let check = RecordCheck {
            plies: r.plies.len(),
            result: result_json(&r),
            problems: r.problems.clone(),
            warnings: vec![],
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
        let format = match input_form(input, from)? {
            None => "usi",
            Some(Form::Csa) => "csa",
            Some(Form::Kif) => "kif",
            Some(Form::Ki2) => "ki2",
        };
        let json = serde_json::json!({ "format": format, "start": to_sfen_c(&rec.start), "cards_stated": rec.cards_stated, "moves": plies });
        Ok((print_record(&rec.start, &r.plies) + "\n", json))
    }

    fn solve(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
    ) -> Result<Solved, CliError> {
        let (pos, stated, stated_n) = puzzle_position(input, pos)?;
        let answer = solve_with(&pos, req.mate_in.or(stated_n), &req.limits);
        let answer = answer.map_extension(|_| CardsExtension {
            cards_stated: stated,
        });
        Ok(Solved::new(to_sfen_c(&pos), answer))
    }

    fn solve_stipulation(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
        stip: hensoku::Stipulation,
    ) -> Option<Result<Solved, CliError>> {
        use hensoku::shogi_cards::ShogiCards;
        super::stipulation::solve::<ShogiCards>(input, req, stip, || {
            puzzle_position(input, pos).map(|(p, _, _)| p)
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
                let (text, rec) = read(i, None)?;
                replay_valid(&rec, &i.name, &text)?.end
            }
            None => position(pos)?,
        };
        Ok(Rendered::of::<hensoku::shogi_cards::ShogiCards>(
            &pos, ascii,
        ))
    }
}

/// The position to solve, whether it states its cards, and the puzzle file's mate length:
/// from a puzzle file, a card record's start, `--position`, or the start position.
fn puzzle_position(
    input: Option<&Input>,
    pos: Option<&str>,
) -> Result<(CardPosition, bool, Option<u32>), CliError> {
    match (input, pos) {
        (Some(i), _) if super::puzzle_file::is_puzzle(i) => {
            let file = super::puzzle_file::read(i)?;
            let (p, stated) =
                parse_sfen_c(&file.position).map_err(|p| file.position_error(&i.name, p))?;
            Ok((p, stated, file.mate_in))
        }
        (Some(i), _) => {
            let (_, rec) = read(i, None)?;
            Ok((rec.start, rec.cards_stated, None))
        }
        (None, Some(t)) => {
            let t = t.trim().strip_prefix("sfen ").unwrap_or(t.trim());
            let (p, stated) = parse_sfen_c(t).map_err(|p| CliError::input(p, "--position", t))?;
            Ok((p, stated, None))
        }
        (None, None) => Ok((CardPosition::startpos(), false, None)),
    }
}
