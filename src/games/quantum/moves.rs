//! A move as a small `Copy` value (what a search stores and compares), and playing it.
//!
//! Moves are identified by their result (§10), so a move only needs enough to rebuild that
//! result exactly. A Liner slide, a cannon shot and an Absorber step are a point and one or
//! two directions. A Skipper chain can be arbitrarily long (§6.2 rule 4), but its result is
//! fixed by the start point, the landing point and the set of jumped points whose piece
//! changed: an opponent piece there is captured, an own Skipper or Liner flipped an odd number
//! of times (an Absorber or own Charger never changes, §6.1). That set is a bitset of the
//! board's points, fixed-size for every board the rules allow.

use super::geometry::{Dir, MAX_SIDE, Point};
use super::movegen::{self, SlideEnd, slide};
use super::position::Position;
use super::types::{Cell, Side};

/// Points of the largest board (3N² − 3N + 1 for N = 12).
const MAX_POINTS: usize = 3 * MAX_SIDE * MAX_SIDE - 3 * MAX_SIDE + 1;
const WORDS: usize = MAX_POINTS.div_ceil(64);

/// A set of points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PointSet([u64; WORDS]);

impl PointSet {
    pub fn toggle(&mut self, p: Point) {
        self.0[p as usize / 64] ^= 1 << (p % 64);
    }

    pub fn insert(&mut self, p: Point) {
        self.0[p as usize / 64] |= 1 << (p % 64);
    }

    pub fn contains(self, p: Point) -> bool {
        self.0[p as usize / 64] & (1 << (p % 64)) != 0
    }

    /// The points in index order.
    pub fn iter(self) -> impl Iterator<Item = Point> {
        (0..WORDS).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    (w * 64) as Point + b as Point
                })
            })
        })
    }
}

/// One move of the side to move, exact for the position it was generated in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// An Absorber steps to a neighbouring empty point (§9).
    Step {
        /// The Absorber's point.
        from: Point,
        /// The adjacent point it steps to.
        to: Point,
    },
    /// An own Charger fires (§8).
    Shot {
        /// The Charger's point.
        at: Point,
        /// The direction it fires.
        dir: Dir,
    },
    /// An own Liner slides in `dir` (§7); `fire` is the Accelerator shot's direction when the
    /// slide ends on an own Liner, `None` otherwise.
    Slide {
        /// The Liner's point.
        from: Point,
        /// The direction it slides.
        dir: Dir,
        /// The Accelerator's shot, when the slide ends on an own Liner.
        fire: Option<Dir>,
    },
    /// An own Skipper jumps from `start` and comes to rest on `land` (§6); `changed` holds the
    /// jumped points whose piece the chain changed.
    Chain {
        /// The Skipper's point.
        start: Point,
        /// Where it comes to rest.
        land: Point,
        /// The jumped points whose piece changed.
        changed: PointSet,
    },
}

/// What a chain leaves on a jumped point it changed: an opponent piece is gone, an own
/// Skipper or Liner shows its other face.
pub fn changed_cell(cell: Cell, me: Side) -> Cell {
    match cell {
        Cell::Skipper(s) if s == me => Cell::Liner(me),
        Cell::Liner(s) if s == me => Cell::Skipper(me),
        _ => Cell::Empty,
    }
}

/// The position after `mv`, which must be a legal move of `pos`.
pub fn play(pos: &Position, mv: Move) -> Position {
    match mv {
        Move::Chain {
            start,
            land,
            changed,
        } => {
            let me = pos.side;
            let mut cells = pos.cells.clone();
            cells[start as usize] = Cell::Empty;
            for p in changed.iter() {
                cells[p as usize] = changed_cell(cells[p as usize], me);
            }
            cells[land as usize] = Cell::Skipper(me);
            movegen::result_of(pos, cells, 0, None)
        }
        _ => {
            movegen::play_action(pos, mv)
                .expect("a legal move of this position")
                .result
        }
    }
}

/// The canonical short notation of a slide, shot or step (§14); `None` for a chain, whose
/// text is that of its shortest path (made by the generator), and for a move that is not
/// possible in `pos`.
pub fn action_text(pos: &Position, mv: Move) -> Option<String> {
    let name = |p: Point| pos.geo.name(p);
    Some(match mv {
        Move::Step { from, to } => format!("X{}-{}", name(from), name(to)),
        Move::Shot { at, dir } => format!("{}@{}", name(at), dir.name()),
        Move::Slide { from, dir, fire } => {
            let (f, end) = (name(from), slide(pos, from, dir)?);
            let t = name(end.point());
            match (end, fire) {
                (SlideEnd::Stop(_), None) => format!("{f}>{t}"),
                (SlideEnd::Capture(_), None) => format!("{f}>x{t}"),
                (SlideEnd::Charge(_), None) => format!("{f}>{t}=C"),
                (SlideEnd::Accelerate(_), Some(d)) => format!("{f}>{t}@{}", d.name()),
                _ => return None,
            }
        }
        Move::Chain { .. } => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::quantum::notation::qfen;

    #[test]
    fn point_sets_list_their_points_in_order() {
        let mut s = PointSet::default();
        for p in [396, 3, 64, 3, 70] {
            s.toggle(p);
        }
        s.insert(0);
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 64, 70, 396]);
        assert!(s.contains(64) && !s.contains(3));
    }

    /// Every generated move, played from its compact form, gives the generated result; and
    /// no two distinct moves share a compact form (T9's position has a looping chain).
    #[test]
    fn compact_moves_replay_exactly() {
        for text in [
            "ssss/ss1ss/2XS2/1XsXXX1/6/SLSSS/1SSS b 0:0 - 2",
            "l2c/1s3/3L2/3S3/L5/4L/3L r 0:0 -",
            "2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1",
            "2ss/2X1c/1s1S2/7/2l3/1S3/L3 r 0:0 -",
        ] {
            let pos = qfen::parse_position(text).unwrap();
            let moves = movegen::legal_moves(&pos);
            let mut seen: Vec<Move> = moves.iter().map(|g| g.mv).collect();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), moves.len(), "{text}");
            for g in &moves {
                assert_eq!(play(&pos, g.mv), g.result, "{text}: {}", g.text);
                // shots that hit nothing may share a result: the text is the shortest of them
                assert_eq!(
                    action_text(&pos, g.mv).is_some(),
                    !matches!(g.mv, Move::Chain { .. })
                );
            }
        }
    }
}
