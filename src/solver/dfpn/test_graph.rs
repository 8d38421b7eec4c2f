//! A small game given as a graph, for the searcher's unit tests: each file's tests drive
//! the search over positions whose answers can be worked out by hand.
//!
//! R=0 A=1 B=2 P=3 Z=4 Q=5 W=6 S=7 T=8 W1=9 W2=10 M=11 (mated), B2..B6=12..16,
//! Z1..Z5=17..21, D=22 (the attacker is stuck).

use super::MateSearch;
use crate::core::Game;

/// A game given as a graph: node `i` has the moves `EDGES[i]` (each move names the node
/// it leads to); the attacker is to move at the nodes of `OR_NODES`.
#[derive(Clone, Debug)]
pub(super) struct Graph(pub(super) u8);

#[rustfmt::skip]
const EDGES: [&[u8]; 23] = [
    &[1, 2],                  // R: A, B
    &[3, 4],                  // A: P, Z
    &[7, 12, 13, 14, 15, 16], // B: S, and five lines that end in mate at once
    &[5, 6],                  // P: Q, W
    &[17, 18, 19, 20, 21],    // Z: five checks that all fail
    &[7],                     // Q: S
    &[9, 10],                 // W: W1, W2
    &[8],                     // S: T
    &[3],                     // T: back to P
    &[11],                    // W1: M
    &[11],                    // W2: M
    &[],                      // M: no defence
    &[11], &[11], &[11], &[11], &[11],
    &[22], &[22], &[22], &[22], &[22],
    &[],                      // D: no attacker move
];
#[rustfmt::skip]
const OR_NODES: [bool; 23] = [
    true, false, false, true, true, false, false, true, false, true, true, false,
    true, true, true, true, true, false, false, false, false, false, true,
];

impl Game for Graph {
    type Move = u8;
    fn legal_moves(&self) -> Vec<u8> {
        EDGES[self.0 as usize].to_vec()
    }
    fn after(&self, mv: u8) -> Self {
        Graph(mv)
    }
    fn key(&self) -> u64 {
        (self.0 as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn in_check(&self) -> bool {
        false
    }
    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }
}

impl MateSearch for Graph {
    fn attacker_moves(&self) -> Vec<u8> {
        assert!(OR_NODES[self.0 as usize]);
        self.legal_moves()
    }
    /// B's five short lines are one group (as drops on one square would be).
    fn defence_groups(&self, defences: &[u8]) -> Vec<u32> {
        defences
            .iter()
            .map(|&m| (12..=16).contains(&m) as u32)
            .collect()
    }
    /// B6 (16) stands nearest the king, B2 (12) farthest.
    fn interposition_rank(&self, defence: u8) -> u32 {
        17u32.saturating_sub(defence as u32)
    }
}
