//! Shelt mate-in-N answers for the CLI: key, cooks, every defence with its winning replies.

use super::game::{SolveAnswer, SolveRequest};
use hensoku::games::shelt::movegen;
use hensoku::games::shelt::resolve::Previous;
use hensoku::games::shelt::solve::Stipulation;
use hensoku::games::shelt::{Position, print};

pub fn answer(pos: &Position, stip: Stipulation, req: &SolveRequest) -> SolveAnswer {
    let mut solver = super::shelt::solver_for(pos, stip, req);
    let t = std::time::Instant::now();
    let sol = solver.solve(pos, stip.n);
    let ms = t.elapsed().as_millis() as u64;
    let stip_text = format!("#{}{}", stip.n, if stip.moon_only { " moon" } else { "" });
    let Some(n) = sol.n else {
        let solved = if solver.aborted { None } else { Some(false) };
        let verdict = if solver.aborted { "unknown" } else { "nomate" };
        let json = serde_json::json!({ "stipulation": stip_text, "verdict": verdict, "nodes": solver.nodes, "elapsed_ms": ms });
        return SolveAnswer { json, text: format!("{stip_text}: {verdict} ({} nodes)\n", solver.nodes), solved };
    };
    let key_text = |p| print::readout(pos, Previous::None, p, movegen::play(pos, p).end().is_some());
    let keys: Vec<String> = sol.keys.iter().map(|&k| key_text(k)).collect();
    let after_key = movegen::play(pos, sol.keys[0]);
    let key_prev = sol.keys[0].reference().map_or(Previous::Yol, Previous::Square);
    let mut text = format!("#{n}: key {}{}\n", keys[0], if keys.len() > 1 { format!(" (cooks: {})", keys[1..].join(", ")) } else { String::new() });
    let mut defences = Vec::new();
    for d in &sol.defences {
        let reply = print::readout(&after_key, key_prev, d.reply, false);
        let after = movegen::play(&after_key, d.reply);
        let prev = d.reply.reference().map_or(Previous::Yol, Previous::Square);
        let wins: Vec<String> = d.wins.iter().map(|&w| print::readout(&after, prev, w, movegen::play(&after, w).end().is_some())).collect();
        text.push_str(&format!("  {reply}: {}\n", wins.join(" | ")));
        defences.push(serde_json::json!({ "defence": reply, "wins": wins }));
    }
    let json = serde_json::json!({
        "stipulation": stip_text, "verdict": "mate", "n": n, "key": keys[0], "cooks": &keys[1..],
        "unique": keys.len() == 1, "defences": defences, "nodes": solver.nodes, "elapsed_ms": ms,
    });
    SolveAnswer { json, text, solved: Some(true) }
}
