//! Tsume solving for the shogi adapter: the CLI's JSON shape and text around `solve::solve`.

use super::error::CliError;
use super::game::{SolveAnswer, SolveRequest};
use hensoku::games::shogi::Position;
use hensoku::games::shogi::notation::sfen;
use hensoku::games::shogi::solve::{self, SolveConfig, SolveOptions, SolveResult};
use hensoku::solver::table::ENTRY_BYTES;

pub fn solve(pos: &Position, req: &SolveRequest) -> Result<SolveAnswer, CliError> {
    let opts = SolveOptions {
        mate_in: req.mate_in,
        max_nodes: req.nodes,
        max_time: req.time,
    };
    let mut config = SolveConfig::default();
    if let Some(mb) = req.table_mb {
        config.tt_entries = (mb << 20) as usize / ENTRY_BYTES;
    }
    let r = solve::solve_with(pos, &opts, &config);
    let json = serde_json::json!({
        "result": r.result,
        "plies": r.plies,
        "moves": r.moves,
        "unique": r.unique,
        "cooks": r.cooks,
        "nodes": r.nodes,
        "elapsed_ms": r.elapsed_ms,
        "exact": r.exact,
        "sennichite": r.sennichite,
        "at_least": r.at_least,
        "position": sfen::to_sfen(pos),
        "table_bytes": r.stats.tt_bytes,
        "tree": r.tree,
    });
    let text = human(&r);
    let solved = match r.result {
        SolveResult::Mate => Some(true),
        SolveResult::Nomate => Some(false),
        SolveResult::Unknown => None,
    };
    Ok(SolveAnswer {
        json,
        text,
        solved,
        unique: Some(r.unique),
        nodes: Some(r.nodes),
    })
}

/// The human answer: verdict and line, uniqueness or cooks, the solution tree, the cost.
/// Card shogi answers with the same report, so it prints it here too.
pub(super) fn human(r: &solve::SolveReport) -> String {
    let mut out = match (r.result, r.plies) {
        (SolveResult::Mate, None) if r.sennichite => format!(
            "mate, main line of {} plies (not proven shortest): {}\n",
            r.moves.len(),
            r.moves.join(" ")
        ),
        (SolveResult::Mate, Some(p)) => format!("mate in {p}: {}\n", r.moves.join(" ")),
        (SolveResult::Mate, None) => format!(
            "mate; the shortest length is not proven within the budget{}; main line of {} plies read from the proof: {}\n",
            r.at_least
                .map_or(String::new(), |n| format!(" (at least {n})")),
            r.moves.len(),
            r.moves.join(" ")
        ),
        (SolveResult::Nomate, _) => "no mate\n".to_string(),
        (SolveResult::Unknown, _) => {
            "unknown: a node or time limit stopped the search\n".to_string()
        }
    };
    if r.sennichite {
        out.push_str("the mate needs the exact sennichite rule: a position may occur three times, the fourth is the attacker's perpetual check\n");
    }
    if r.result == SolveResult::Mate && r.exact && !r.sennichite {
        if r.unique {
            out.push_str("unique: no cooks\n");
        } else {
            for c in &r.cooks {
                out.push_str(&format!("cook at ply {}: {}\n", c.ply + 1, c.mv));
            }
        }
    }
    let tree = r.tree_text();
    if !tree.is_empty() {
        out.push_str("\nsolution tree:\n");
        out.push_str(&tree);
    }
    out.push_str(&format!("\n{} nodes, {} ms\n", r.nodes, r.elapsed_ms));
    out
}
