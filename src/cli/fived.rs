//! The 5D chess adapter: 5DPGN (and the seed's vector form) records; positions as a variant
//! name or 5DFEN boards.

use super::error::CliError;
use super::game::{
    Checked, GameCli, Input, PerftAnswer, RecordCheck, Rendered, SolveRequest, Solved,
};
use super::perft::{Counter, Tree};
use hensoku::Game;
pub(super) use hensoku::file::fived::{position, read, replay_valid, style_of, write};
use hensoku::fived::pgn::{self, Style};
use hensoku::fived::{
    self, Budget, Fived as Face, Move, Position as Multiverse, Status, VERDICT_BUDGET, fen,
};

pub struct Fived;

fn status_name(s: Status) -> &'static str {
    s.name()
}

impl GameCli for Fived {
    fn perft(
        &self,
        pos: Option<&str>,
        depth: u32,
        divide: bool,
        counter: &mut Counter,
    ) -> Result<PerftAnswer, CliError> {
        let mv = position(pos)?;
        let budget = Budget::default();
        let children = |m: &Multiverse| -> Vec<Multiverse> {
            let actions = fived::legal_moves_bounded(m, usize::MAX, budget);
            actions.iter().filter_map(|a| m.after_action(a)).collect()
        };
        let named = divide.then(|| {
            let actions = fived::legal_moves_bounded(&mv, usize::MAX, budget);
            actions
                .iter()
                .filter_map(|a| {
                    let text = pgn::action_text(&mv, a, Style::Pgn, Budget::nodes(0)).0;
                    Some((text, mv.after_action(a)?))
                })
                .collect()
        });
        let tree = Tree {
            leaves: &|m: &Multiverse, d| fived::perft_bounded(m, d, budget),
            children: &children,
        };
        Ok(counter.count(&mv, depth, named, &tree))
    }

    /// Each playable board's moves, answered at once whatever the multiverse's width; the
    /// whole actions are `moves --actions` ([`super::fived_moves`]).
    fn moves(&self, pos: Option<&str>, notation: Option<&str>) -> Result<Vec<String>, CliError> {
        let mv = position(pos)?;
        let style = style_of(notation.unwrap_or("5dpgn"))?;
        let moves = mv.single_moves(mv.to_move());
        Ok(moves.iter().map(|m| single_move(&mv, m, style)).collect())
    }

    fn validate(&self, input: &Input, _from: Option<&str>) -> Result<Checked, CliError> {
        let (text, rec) = read(input)?;
        let r = fived::validate(&rec, &text);
        // A bounded search: a verdict the budget cannot prove is reported as `undecided`.
        let verdict = if r.problems.is_empty() {
            r.end
                .as_ref()
                .map(|m| fived::status(m, Budget::nodes(VERDICT_BUDGET)))
        } else {
            None
        };
        let result = serde_json::json!({
            "reason": verdict.map(status_name).unwrap_or(""),
            "actions": r.actions.len(),
            "written_result": r.result,
            "warnings": r.warnings.iter().map(|w| w.located(&text)).collect::<Vec<_>>(),
        });
        let check = RecordCheck {
            plies: r.actions.len(),
            result,
            problems: r.problems,
            warnings: r.warnings,
        };
        Ok(Checked {
            text,
            records: vec![check],
        })
    }

    fn parse(
        &self,
        input: &Input,
        _from: Option<&str>,
    ) -> Result<(String, serde_json::Value), CliError> {
        let (_, rec, r) = replay_valid(input)?;
        let json = serde_json::json!({ "format": "5dpgn", "tags": rec.tags, "items": rec.items, "comments": rec.comments });
        Ok((write(&rec, &r, Style::Pgn), json))
    }

    fn solve(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
    ) -> Result<Solved, CliError> {
        let (mv, tag_n) = match input {
            Some(i) => {
                let (_, rec, r) = replay_valid(i)?;
                let n = rec
                    .tag("Puzzle")
                    .and_then(|t| fived::mate_in_of_tag(&t.value));
                (r.end.ok_or_else(|| CliError::usage("no position"))?, n)
            }
            None => (position(pos)?, None),
        };
        let n = req
            .mate_in
            .or(tag_n)
            .ok_or_else(|| CliError::usage("give --mate-in N (or a Puzzle \"mate-in-N\" tag)"))?;
        let answer = fived::solve(&mv, n, &req.limits);
        Ok(Solved::new(mv.to_string(), answer))
    }

    /// The position: a puzzle file's `Position` tag (5DFEN boards, optionally after
    /// tags, on one line), a record's last state, or `--position`.
    fn solve_stipulation(
        &self,
        input: Option<&Input>,
        pos: Option<&str>,
        req: &SolveRequest,
        stip: hensoku::Stipulation,
    ) -> Option<Result<Solved, CliError>> {
        super::stipulation::solve::<Face>(input, req, stip, || match input {
            Some(i) if super::puzzle_file::is_puzzle(i) => Ok(super::puzzle_file::position(i)?),
            Some(i) => {
                let (_, _, r) = replay_valid(i)?;
                r.end.ok_or_else(|| CliError::usage("no position"))
            }
            None => Ok(position(pos)?),
        })
    }

    fn render(
        &self,
        pos: Option<&str>,
        input: Option<&Input>,
        ascii: bool,
    ) -> Result<Rendered, CliError> {
        let (mv, jumps) = match input {
            Some(i) => {
                let (_, _, r) = replay_valid(i)?;
                let jumps = r
                    .actions
                    .iter()
                    .flat_map(|a| a.moves.iter().copied())
                    .filter(|m| !m.physical())
                    .collect();
                (r.end.ok_or_else(|| CliError::usage("no position"))?, jumps)
            }
            None => (position(pos)?, vec![]),
        };
        let fens = fen::multiverse_text(&mv).join("\n");
        Ok(Rendered {
            diagram: Face::diagram(&mv, ascii),
            svg: fived::svg_with_jumps(&mv, &jumps),
            position: fens,
        })
    }
}

/// One move of a board as an action of its own would write it, without the check and mate
/// marks, which belong to whole actions.
fn single_move(mv: &Multiverse, m: &Move, style: Style) -> String {
    let (text, _) = pgn::action_text(mv, std::slice::from_ref(m), style, Budget::nodes(0));
    text.trim_end_matches(['+', '#', '*']).to_string()
}
