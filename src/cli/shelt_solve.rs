//! Shelt mate-in-N answers for the CLI (on the generic df-pn solver): key, cooks and
//! duals, and the solution tree with every defence.

use super::game::{SolveAnswer, SolveRequest};
use hensoku::games::shelt::Position;
use hensoku::games::shelt::notation::spn;
use hensoku::games::shelt::solve::exact::Stipulation;
use hensoku::games::shelt::solve::{self, Verdicts};
use hensoku::solver::Limits;

pub fn answer(pos: &Position, stip: Stipulation, req: &SolveRequest) -> SolveAnswer {
    let r = solve::solve(
        pos,
        stip,
        Limits {
            max_nodes: req.nodes,
            max_time: req.time,
        },
    );
    let stip_text = format!("#{}{}", stip.n, if stip.moon_only { " moon" } else { "" });
    let key = r.moves.first().cloned();
    let json = serde_json::json!({
        "stipulation": stip_text, "verdict": r.verdict, "n": r.n, "key": key, "moves": r.moves,
        "unique": r.unique, "cooks": r.cooks, "tree": r.tree, "nodes": r.nodes, "elapsed_ms": r.elapsed_ms,
        "position": spn::to_spn(pos),
    });
    let mut text = match (r.verdict, &key) {
        (Verdicts::Mate, Some(k)) => format!("#{}: key {k}\n", r.n.unwrap_or(stip.n)),
        (Verdicts::Nomate, _) => format!("{stip_text}: no solution\n"),
        _ => format!("{stip_text}: unknown (a node or time limit stopped the search)\n"),
    };
    for c in &r.cooks {
        let what = if c.ply == 0 { "cook" } else { "dual" };
        text.push_str(&format!("{what} at ply {}: {}\n", c.ply + 1, c.mv));
    }
    if let Some(t) = &r.tree {
        text.push_str(&t.render());
    }
    text.push_str(&format!("{} nodes, {} ms\n", r.nodes, r.elapsed_ms));
    let solved = match r.verdict {
        Verdicts::Mate => Some(true),
        Verdicts::Nomate => Some(false),
        Verdicts::Unknown => None,
    };
    SolveAnswer {
        json,
        text,
        solved,
        unique: Some(r.unique),
        nodes: Some(r.nodes),
    }
}
