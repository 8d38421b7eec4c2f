//! `hensoku perft`: leaf counts of the legal move tree.

use super::args::PerftArgs;
use super::error::{CliError, EXIT_OK};
use super::json::CommandName;
use super::{game::adapter, game_or_default, output};
use std::time::Instant;

pub fn run(a: &PerftArgs) -> Result<u8, CliError> {
    let name = game_or_default(&a.common);
    let t = Instant::now();
    let ans = adapter(name).perft(a.position.as_deref(), a.depth, a.divide)?;
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    if a.common.json {
        let mut v = serde_json::json!({ "depth": a.depth, "nodes": ans.nodes, "elapsed_ms": ms.round() as u64 });
        if a.divide {
            v["divide"] = ans
                .divide
                .iter()
                .map(|(m, n)| serde_json::json!({ "move": m, "nodes": n }))
                .collect();
        }
        output::json(CommandName::Perft, name, &v);
    } else {
        for (m, n) in &ans.divide {
            println!("{m}: {n}");
        }
        println!(
            "perft({}) = {}  ({:.0} ms, {:.1} Mnodes/s)",
            a.depth,
            ans.nodes,
            ms,
            ans.nodes as f64 / ms.max(1e-3) / 1000.0
        );
    }
    Ok(EXIT_OK)
}
