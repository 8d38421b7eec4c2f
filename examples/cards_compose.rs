//! A lab tool more than an example of the library, written against its public face
//! (`hensoku::shogi_cards`, with `hensoku::shogi`'s set-up for the missing pieces).
//!
//! Search random sparse positions for card tsume whose unique answer starts with a card
//! ply of a chosen card (a composing aid; every find is re-solved by the puzzle test).
//! Usage: cargo run --release --example cards_compose -- <card letter> <plies> <tries> <seed>
//!        cargo run --release --example cards_compose -- check <plies> "<board> b <black hand> 1 <cards> -"
//! The check mode fills the defender's hand with every remaining piece (tsume convention),
//! solves the position, and solves it again without the attacker's cards.

use hensoku::shogi_cards::notation::{parse_sfen_c, to_sfen_c};
use hensoku::shogi_cards::solve_with as solve;
use hensoku::{Limits, Outcome};

/// The position with the defender holding every piece not on the board or in the attacker's hand.
fn with_defender_hand(
    board: &str,
    hand: &str,
    cards: &str,
) -> Option<hensoku::shogi_cards::Position> {
    let text = format!("{board} b {hand} 1 {cards} -");
    let (pos, _) = parse_sfen_c(&text).ok()?;
    let missing = hensoku::shogi::Setup::from_position(pos.shogi()).missing_pieces();
    let mut white = String::new();
    for k in hensoku::shogi::Kind::HAND_ORDER {
        let n = missing[k as usize];
        if n > 0 {
            if n > 1 {
                white.push_str(&n.to_string());
            }
            white.push(k.usi_letter().to_ascii_lowercase());
        }
    }
    let hand = if hand == "-" {
        if white.is_empty() {
            "-".to_string()
        } else {
            white
        }
    } else {
        format!("{hand}{white}")
    };
    parse_sfen_c(&format!("{board} b {hand} 1 {cards} -"))
        .ok()
        .map(|(p, _)| p)
}

/// `check` mode: solve one hand-made position with and without the attacker's cards.
fn check(plies: u32, text: &str) {
    let f: Vec<&str> = text.split_whitespace().collect();
    let Some(pos) = with_defender_hand(
        f[0],
        f.get(2).copied().unwrap_or("-"),
        f.get(4).copied().unwrap_or("-"),
    ) else {
        println!("unreadable position");
        return;
    };
    let o = Limits {
        nodes: Some(2_000_000),
        ..Limits::default()
    };
    let r = solve(&pos, Some(plies), &o);
    let s = &r.solution;
    println!(
        "{}\n  {:?} length {:?} unique {:?} answer {} cooks {:?} duals {:?}",
        to_sfen_c(&pos),
        r.result,
        s.length,
        s.unique,
        s.moves.join(" "),
        s.cooks,
        s.duals
    );
    let without = pos
        .clone()
        .with_cards(Default::default(), pos.cards(hensoku::shogi::Color::White));
    let w = solve(&without, Some(plies), &o);
    println!(
        "  without the attacker's cards: {:?} length {:?} answer {}",
        w.result,
        w.solution.length,
        w.solution.moves.join(" ")
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(|s| s.as_str()) == Some("check") {
        let plies = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
        check(plies, args.get(3).map(|s| s.as_str()).unwrap_or(""));
        return;
    }
    let card = args.get(1).map(|s| s.as_str()).unwrap_or("I");
    let plies: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let tries: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(7);
    let mut rnd = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let pieces = ["R", "B", "G", "S", "N", "L", "P", "+R", "+B", "+P"];
    for _ in 0..tries {
        // white king near the top, a few pieces of each side, the card's piece for black
        let mut board: Vec<Vec<String>> = vec![vec![String::new(); 9]; 9];
        let kf = rnd(9) as usize;
        let kr = rnd(3) as usize;
        board[kr][kf] = "k".into();
        let own = match card {
            "T" => "R",
            "R" => "B",
            "A" => "N",
            "B" => "L",
            "Q" => "K",
            "P" => "G",
            _ => "",
        };
        let mut placed = 0;
        let total = 2 + rnd(4) as usize;
        while placed < total {
            // pieces near the king make mates likelier
            let (r, f) = (
                (kr as i64 + rnd(9) as i64 - 4).clamp(0, 8) as usize,
                (kf as i64 + rnd(9) as i64 - 4).clamp(0, 8) as usize,
            );
            if !board[r][f].is_empty() {
                continue;
            }
            let p = if placed == 0 && !own.is_empty() {
                own.to_string()
            } else {
                pieces[rnd(pieces.len() as u64) as usize].to_string()
            };
            let white = placed > 0 && rnd(3) == 0;
            let p = if white { p.to_lowercase() } else { p };
            let up = p.trim_start_matches('+').to_ascii_uppercase();
            if !white
                && ((up == "P" || up == "L") && r == 0 || up == "N" && r <= 1)
                && !p.starts_with('+')
            {
                continue;
            }
            if white
                && ((up == "P" || up == "L") && r == 8 || up == "N" && r >= 7)
                && !p.starts_with('+')
            {
                continue;
            }
            board[r][f] = p;
            placed += 1;
        }
        if own == "K" || card == "P" {
            // Q and P need a black royal: put the King somewhere low
            loop {
                let (r, f) = (6 + rnd(3) as usize, rnd(9) as usize);
                if board[r][f].is_empty() {
                    board[r][f] = "K".into();
                    break;
                }
            }
        }
        if card == "D" {
            // D needs an own pawn on a file near the king, so that the pawn drop is a double pawn
            let f = (kf as i64 + rnd(3) as i64 - 1).clamp(0, 8) as usize;
            let r = (kr + 1 + rnd(4) as usize).min(8);
            if board[r][f].is_empty() {
                board[r][f] = "P".into();
            }
        }
        if card == "W" {
            // W checks only by discovery: an own slider on the king's file or rank, an own
            // piece between them
            let d = 2 + rnd(5) as usize;
            let (sr, sf, br, bf) = if rnd(2) == 0 {
                (kr + d, kf, kr + 1 + rnd(d as u64 - 1) as usize, kf)
            } else if kf + d <= 8 {
                (kr, kf + d, kr, kf + 1 + rnd(d as u64 - 1) as usize)
            } else {
                (
                    kr,
                    kf.saturating_sub(d),
                    kr,
                    kf.saturating_sub(1 + rnd(d as u64 - 1) as usize),
                )
            };
            if sr <= 8
                && board[sr][sf].is_empty()
                && board[br][bf].is_empty()
                && (sr, sf) != (br, bf)
            {
                board[sr][sf] = ["R", "+R", "L"][rnd(3) as usize].into();
                if board[sr][sf] == "L" && sf != kf {
                    board[sr][sf] = "R".into();
                }
                board[br][bf] = ["G", "S", "N", "P", "B", "+P"][rnd(6) as usize].into();
            }
        }
        let mut s = String::new();
        for (r, row) in board.iter().enumerate() {
            let mut empty = 0;
            for cell in row {
                if cell.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(cell);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if r < 8 {
                s.push('/');
            }
        }
        let hand = if card == "D" {
            ["PS", "PG", "PN", "PL", "PB", "PR", "P", "2P"][rnd(8) as usize]
        } else {
            ["S", "G", "P", "N", "L", "B", "R", "-"][rnd(8) as usize]
        };
        let defmatter = std::env::var("DEFENDER_MATTERS").is_ok();
        let defender_cards = if defmatter {
            ["q", "w", "i", "g", "c", "t", "qtrpiabdgswc"][rnd(7) as usize]
        } else {
            ["", "q", "w", "i"][rnd(4) as usize]
        };
        // the defender holds every piece not on the board or in the attacker's hand
        let Some(pos) = with_defender_hand(&s, hand, &format!("{card}{defender_cards}")) else {
            continue;
        };
        let limits = Limits {
            nodes: Some(200_000),
            ..Limits::default()
        };
        let r = solve(&pos, Some(plies), &limits);
        if r.result == Outcome::Solved
            && r.solution.unique == Some(true)
            && r.solution.length.exact
            && r.solution.length.value == Some(plies)
            && r.solution
                .moves
                .first()
                .is_some_and(|m| m.starts_with(&format!("{card}:")))
        {
            // the card must matter: without it, no mate in the same length
            let without = pos
                .clone()
                .with_cards(Default::default(), pos.cards(hensoku::shogi::Color::White));
            let w = solve(&without, Some(plies), &limits);
            let keep = if defmatter {
                // and the defender's cards change the answer (they remove a cook)
                let bare = pos
                    .clone()
                    .with_cards(pos.cards(hensoku::shogi::Color::Black), Default::default());
                let b = solve(&bare, Some(plies), &limits);
                w.result == Outcome::NoSolution
                    && (b.solution.moves != r.solution.moves || b.solution.unique != Some(true))
            } else {
                w.result == Outcome::NoSolution
            };
            if keep {
                println!("{}\t{}", to_sfen_c(&pos), r.solution.moves.join(" "));
            }
        }
    }
}
