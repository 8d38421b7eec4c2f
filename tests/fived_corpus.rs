//! Replays every 5DPGN file of the shared 5D corpus.

mod common;

use hensoku::games::fived::notation::pgn;
use hensoku::games::fived::validate::replay;

fn corpus() -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![common::data("5d")];
    while let Some(d) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let n = p.to_string_lossy().to_lowercase();
                if n.ends_with(".5dpgn") || n.ends_with(".txt") && !n.ends_with("correctness.txt") {
                    out.push(p);
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn dump() {
    for p in corpus() {
        let text = std::fs::read_to_string(&p).unwrap();
        let name = p.to_string_lossy().split("5d/").nth(1).unwrap_or("").to_string();
        match pgn::parse(&text) {
            Err(e) => println!("{name}: PARSE {} {} @{}", e.rule, e.message, &text[e.span.offset..e.span.end().min(text.len())]),
            Ok(rec) => {
                let r = replay(&rec, &text);
                let w: Vec<String> = r.warnings.iter().map(|w| w.rule.clone()).collect();
                match r.problems.first() {
                    None => println!("{name}: OK {} actions warn {:?}", r.actions.len(), w),
                    Some(e) => println!("{name}: ERR after {} actions: {} {} @{:?} warn {:?}", r.actions.len(), e.rule, e.message, &text[e.span.offset..e.span.end().min(text.len())], w),
                }
            }
        }
    }
}
