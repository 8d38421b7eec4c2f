//! The fast card-ply generator against the naive one (every syntactic ply filtered by the
//! rules) on positions from random card games: the same legal plies, the same mate verdicts.
//! Unit tests, since the naive generator is the crate's own reference and not shown.

use std::collections::BTreeSet;

use super::cardmoves::{is_mated, legal_plies};
use super::naive;
use super::notation::{parse_sfen_c, ply_text, to_sfen_c};
use super::position::{CardMove, CardPosition};

/// A tiny deterministic generator (xorshift64), `tests/common/rng.rs`'s: the same seed
/// gives the same games as when these tests were integration tests.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What the compared positions covered, so the test proves it met the card situations.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    card_plies: usize,
    in_check: usize,
    mated: usize,
    prince: usize,
    invincible: usize,
    d_file: usize,
}

fn compare(p: &CardPosition, cov: &mut Coverage) {
    use crate::games::shogi::types::{Color, Kind};
    cov.positions += 1;
    cov.in_check += p.in_check() as usize;
    cov.prince += (p.shogi().pieces(Color::Black, Kind::ProGold)
        | p.shogi().pieces(Color::White, Kind::ProGold)
        != 0) as usize;
    cov.invincible += p.invincible().is_some() as usize;
    cov.d_file += (1..=9).any(|f| p.d_file(Color::Black, f) || p.d_file(Color::White, f)) as usize;
    let fast: Vec<CardMove> = legal_plies(p);
    let fast_set: BTreeSet<CardMove> = fast.iter().copied().collect();
    assert_eq!(
        fast.len(),
        fast_set.len(),
        "duplicate plies in {}",
        to_sfen_c(p)
    );
    let slow = naive::legal_plies(p);
    if fast_set != slow {
        let extra: Vec<String> = fast_set.difference(&slow).map(|&m| ply_text(m)).collect();
        let missing: Vec<String> = slow.difference(&fast_set).map(|&m| ply_text(m)).collect();
        panic!(
            "{}\nonly fast: {extra:?}\nonly naive: {missing:?}",
            to_sfen_c(p)
        );
    }
    cov.card_plies += fast.iter().filter(|m| m.card.is_some()).count();
    let mated = is_mated(p);
    cov.mated += mated as usize;
    assert_eq!(mated, naive::is_mated(p), "{}", to_sfen_c(p));
}

/// Positions met along random games; card plies are picked with probability `card_pct`%.
fn random_positions(
    seed: u64,
    games: usize,
    plies: usize,
    card_pct: usize,
    start: &CardPosition,
) -> Vec<CardPosition> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = start.clone();
        for _ in 0..plies {
            let moves = legal_plies(&p);
            if moves.is_empty() {
                break;
            }
            let (cards, plain): (Vec<CardMove>, Vec<CardMove>) =
                moves.into_iter().partition(|m| m.card.is_some());
            let pick = if !cards.is_empty() && (plain.is_empty() || rng.below(100) < card_pct) {
                cards[rng.below(cards.len())]
            } else {
                plain[rng.below(plain.len())]
            };
            p = p.after(pick);
            out.push(p.clone());
        }
    }
    out
}

#[test]
fn fast_and_naive_generators_agree_on_random_card_games() {
    let start = CardPosition::startpos();
    let positions = random_positions(0x5eed_cafe, 6, 40, 25, &start);
    let mut cov = Coverage::default();
    for (i, p) in positions.iter().enumerate() {
        if i % 3 == 0 {
            compare(p, &mut cov);
        }
    }
    eprintln!("{cov:?}");
    assert!(
        cov.positions >= 60 && cov.card_plies > 5_000 && cov.d_file > 0,
        "{cov:?}"
    );
}

#[test]
fn fast_and_naive_generators_agree_near_mates() {
    // Sparse boards with kings exposed, many pieces in hand and all cards: checks, mates,
    // uchifuzume with card replies, princes and invincible silvers come up often.
    let starts = [
        "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrbgsnlp 1",
        "3gkg3/9/4p4/9/9/9/4P4/9/3GKG3 b RBSNL2Prbsnl2p 1",
        "8k/9/9/7L1/9/9/9/9/9 b S2r2b4g3s4n3l18p 1 I -",
        "4k4/9/3G1G3/9/9/9/3g1g3/9/4K4 b RB2S2N2L7Prb2s2n2l7p 1",
    ];
    let mut cov = Coverage::default();
    for (n, s) in starts.iter().enumerate() {
        let (start, _) = parse_sfen_c(s).unwrap();
        for (i, p) in random_positions(1 + n as u64 * 77, 4, 24, 35, &start)
            .iter()
            .enumerate()
        {
            if i % 2 == 0 {
                compare(p, &mut cov);
            }
        }
    }
    eprintln!("{cov:?}");
    assert!(
        cov.in_check > 0 && cov.prince > 0 && cov.invincible > 0,
        "{cov:?}"
    );
}

#[test]
fn fast_and_naive_agree_on_mate_verdicts_one_ply_from_mating_positions() {
    // Every checking ply of small mating positions, with and without defender cards: the
    // positions reached include mates, card-answered checks and uchifuzume cases.
    let starts = [
        "8k/9/9/7L1/9/9/9/9/9 b S2r2b4g3s4n3l18p 1 I -",
        "8k/9/9/7L1/9/9/9/9/9 b S2r2b4g3s4n3l18p 1 Iqw -",
        "7nk/9/7P1/9/9/9/9/9/9 b GP2r2b3g4s3n4l16p 1 - -",
        "7nk/9/7P1/9/9/9/9/9/9 b GP2r2b3g4s3n4l16p 1 tw -",
        "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l16p 1 q -",
    ];
    let mut cov = Coverage::default();
    for s in starts {
        let (start, _) = parse_sfen_c(s).unwrap();
        for m in super::cardmoves::checking_plies(&start) {
            compare(&start.after(m), &mut cov);
        }
    }
    eprintln!("{cov:?}");
    assert!(cov.mated > 0 && cov.mated < cov.positions, "{cov:?}");
}
