//! Royal captures with the squares they depend on (§7.1).
//!
//! The action search needs more than "is a royal piece capturable": it needs the squares that
//! make the capture possible (the attacker, every square it rides over, the royal target), so
//! that it can rule out at once every action that leaves those squares as they are.

use super::board::Board;
use super::movegen::{Point, pawn_captures, rider_axes, tables};
use super::multiverse::{Multiverse, Timeline};
use super::types::{Colour, Kind};

impl Multiverse {
    /// A capture of a royal piece of `by.other()` by a piece of `by` standing on a `by`-coloured
    /// end board: the attacker's square, the squares ridden over, and the target, in that
    /// order. `None` if there is none.
    pub fn royal_attack(&self, by: Colour) -> Option<Vec<Point>> {
        for l in self.playable(by) {
            let Some(v) = self.end_v(l) else { continue };
            let Some(b) = self.board(l, v) else { continue };
            for s in 0..64u8 {
                let c = b.at(s);
                if !c.is(by) {
                    continue;
                }
                let Some(kind) = c.kind() else { continue };
                if let Some(path) = self.attack_from(Point { l, v, sq: s }, kind, by) {
                    return Some(path);
                }
            }
        }
        None
    }

    /// Whether a piece of `by` on `board`, taken alone as an end board of `by`, captures a royal
    /// piece of the other player on that same board. Such a board, once appended by an action,
    /// makes the action illegal whatever else it holds.
    pub fn board_attacks_royal(&self, board: &Board, by: Colour) -> bool {
        let alone = Multiverse {
            width: self.width,
            height: self.height,
            even: false,
            low: 0,
            timelines: vec![Timeline {
                start: Multiverse::v_of(0, by),
                boards: vec![board.clone()],
            }],
            init_min: 0,
            init_max: 0,
            promotions: self.promotions.clone(),
        };
        alone.royal_attack(by).is_some()
    }

    fn royal_target(&self, p: Point, by: Colour) -> bool {
        self.cell_at(p).royal_of(by.other())
    }

    fn attack_from(&self, from: Point, kind: Kind, by: Colour) -> Option<Vec<Point>> {
        let t = tables();
        let leaps: Vec<[i32; 4]> = match kind {
            Kind::Pawn | Kind::Brawn => pawn_captures(kind == Kind::Brawn, by),
            Kind::Knight => t.knight.clone(),
            Kind::King | Kind::CommonKing => {
                (1..=4).flat_map(|n| t.by_axes[n].iter().copied()).collect()
            }
            _ => vec![],
        };
        for d in &leaps {
            if let Some(to) = self.step(from, d, 1)
                && self.royal_target(to, by)
            {
                return Some(vec![from, to]);
            }
        }
        for &n in rider_axes(kind) {
            for d in &t.by_axes[n] {
                let mut k = 1;
                while let Some(to) = self.step(from, d, k) {
                    let c = self.cell_at(to);
                    if !c.is_empty() {
                        if self.royal_target(to, by) {
                            return Some((0..=k).filter_map(|i| self.step(from, d, i)).collect());
                        }
                        break;
                    }
                    k += 1;
                }
            }
        }
        None
    }
}
