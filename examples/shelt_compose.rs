//! A composing aid: random sparse positions searched for #2 puzzles with a unique key of a
//! wanted theme (ker, axis move, ann, Teems). Usage:
//! `THEMES=ker,yol N=2 TRIES=200000 SEED=1 cargo run --release --example shelt_compose`.
//! The positions it found were checked again by `tests/shelt/solve.rs` and kept in
//! `puzzles/shelt/`.

use hensoku::shelt::exact::Solver;
use hensoku::shelt::{self, Cell, Kind, Lantis, Ply, Position, Side, spn};

#[path = "../tests/common/rng.rs"]
mod rng;
use rng::Rng;

fn theme(pos: &Position, key: Ply) -> &'static str {
    match key {
        Ply::Ker { at } if pos.cell(at) == Cell::Teems => "teems-ker",
        Ply::Ker { .. } => "ker",
        Ply::Ann { .. } => "ann",
        Ply::Pin(_) | Ply::Return => "yol",
        Ply::Step { from, .. } if pos.cell(from) == Cell::Teems => "teems-move",
        Ply::Step { to, .. } if pos.cell(to) == Cell::Teems => "teems-swap",
        Ply::Step { from, to } => match pos.cell(from) {
            Cell::Lantis(l) if pos.kind_of(l) == Kind::Omi && from.rank() == to.rank() => "axis",
            _ => "move",
        },
    }
}

fn random_spn(rng: &mut Rng) -> String {
    let mut board: Vec<Option<String>> = vec![None; 49];
    let mut used = [false; 28];
    let place = |rng: &mut Rng, board: &mut Vec<Option<String>>, word: String| loop {
        let s = rng.below(49);
        if board[s].is_none() {
            board[s] = Some(word);
            break;
        }
    };
    place(rng, &mut board, "teems".into());
    for side in [0usize, 14] {
        let extra = if side == 0 {
            3 + rng.below(3)
        } else {
            1 + rng.below(4)
        };
        let mut picks = vec![side + 13, side + [0, 5, 6, 7][rng.below(4)]];
        for _ in 0..extra {
            picks.push(side + rng.below(14));
        }
        for i in picks {
            if used[i] {
                continue;
            }
            used[i] = true;
            let l = Lantis(i as u8);
            let turned = l.base_kind().is_front() && rng.below(4) == 0;
            place(
                rng,
                &mut board,
                format!("{}{}", l.code(), if turned { "'" } else { "" }),
            );
        }
    }
    // an Arxe hand or pin of Sorn pieces sometimes, for Teems themes
    let free: Vec<usize> = (14..27).filter(|&i| !used[i]).collect();
    let mut pin = "-".to_string();
    let mut hand = "-".to_string();
    if !free.is_empty() && rng.below(2) == 0 {
        let l = Lantis(free[rng.below(free.len())] as u8);
        if rng.below(2) == 0 {
            pin = l.code().into()
        } else {
            hand = l.code().into()
        }
    }
    let mut rows = Vec::new();
    for rank in (0..7).rev() {
        let mut items = Vec::new();
        let mut run = 0;
        for file in 0..7 {
            match &board[file + 7 * rank] {
                None => run += 1,
                Some(w) => {
                    if run > 0 {
                        items.push(run.to_string());
                        run = 0;
                    }
                    items.push(w.clone());
                }
            }
        }
        if run > 0 {
            items.push(run.to_string());
        }
        rows.push(items.join(","));
    }
    format!("{} arxe {pin}/- {hand}/- 0/0", rows.join("/"))
}

fn main() {
    let wanted: Vec<String> = std::env::var("THEMES")
        .unwrap_or("ker,axis,ann,teems-move,teems-swap,teems-ker,yol".into())
        .split(',')
        .map(String::from)
        .collect();
    let mut rng = Rng(std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9e37_79b9_7f4a_7c15));
    let mut found = std::collections::HashMap::<String, usize>::new();
    let n: u32 = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let tries: usize = std::env::var("TRIES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200_000);
    for _ in 0..tries {
        let text = random_spn(&mut rng);
        let Ok(pos) = spn::parse_position(&text) else {
            continue;
        };
        if shelt::in_check(&pos, Side::Arxe) || shelt::in_check(&pos, Side::Sorn) {
            continue;
        }
        let mut s = Solver::new(Side::Arxe, false);
        s.limit = 200_000;
        let sol = s.solve(&pos, n);
        if sol.n != Some(n) || sol.keys.len() != 1 || s.aborted || sol.defences.len() < 4 {
            continue;
        }
        let t = theme(&pos, sol.keys[0]);
        if !wanted.iter().any(|w| w == t) || found.get(t).copied().unwrap_or(0) >= 3 {
            continue;
        }
        *found.entry(t.to_string()).or_default() += 1;
        println!(
            "{t}\t{text}\t{:?}\tdefences {}",
            sol.keys[0],
            sol.defences.len()
        );
    }
}
