//! The hexagonal board of Quantum Chamber: axial coordinates (row r, diagonal q), the six line
//! directions, and precomputed neighbour tables for every board size N = 3 … 12 (rules §2).

use std::sync::OnceLock;

/// A point of the board, as its index in row order from `a1` (rules §20).
pub type Point = u16;

/// Smallest and largest side lengths the rules allow (A1).
pub const MIN_SIDE: usize = 3;
pub const MAX_SIDE: usize = 12;

/// The six line directions (§2.3), in the order used everywhere for determinism.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// East, along the row.
    E,
    /// West, along the row.
    W,
    /// North-east.
    NE,
    /// North-west.
    NW,
    /// South-east.
    SE,
    /// South-west.
    SW,
}

impl Dir {
    /// The six directions.
    pub const ALL: [Dir; 6] = [Dir::E, Dir::W, Dir::NE, Dir::NW, Dir::SE, Dir::SW];

    /// The step (Δr, Δq) of the direction.
    pub fn step(self) -> (i32, i32) {
        match self {
            Dir::E => (0, 1),
            Dir::W => (0, -1),
            Dir::NE => (1, 1),
            Dir::NW => (1, 0),
            Dir::SE => (-1, 0),
            Dir::SW => (-1, -1),
        }
    }

    /// The direction straight back: a chain may not jump this way right after `self` (A7).
    pub fn opposite(self) -> Dir {
        match self {
            Dir::E => Dir::W,
            Dir::W => Dir::E,
            Dir::NE => Dir::SW,
            Dir::SW => Dir::NE,
            Dir::NW => Dir::SE,
            Dir::SE => Dir::NW,
        }
    }

    /// The direction as QMN writes it (`E`, `NW`, …).
    pub fn name(self) -> &'static str {
        match self {
            Dir::E => "E",
            Dir::W => "W",
            Dir::NE => "NE",
            Dir::NW => "NW",
            Dir::SE => "SE",
            Dir::SW => "SW",
        }
    }

    /// Any case is accepted on input (§14, lenient directions).
    pub fn from_name(s: &str) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
    }

    /// The direction's place in [`Dir::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The direction of a step, if it is one of the six.
    pub fn from_step(dr: i32, dq: i32) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.step() == (dr, dq))
    }
}

/// A board of side N with its lookup tables; built once per N and shared.
#[derive(Debug)]
pub struct Geometry {
    /// Points a side (N).
    pub side: usize,
    /// (r, q) of each point, in index order.
    coords: Vec<(i32, i32)>,
    /// Index of the first point of each row.
    row_start: Vec<usize>,
    /// `neighbour[p * 6 + d]`: the point one step from p in direction d.
    neighbour: Vec<Option<Point>>,
}

impl Geometry {
    fn build(side: usize) -> Geometry {
        let span = 2 * side as i32 - 1;
        let mut coords = Vec::new();
        let mut row_start = Vec::new();
        for r in 0..span {
            row_start.push(coords.len());
            for q in 0..span {
                if (q - r).abs() < side as i32 {
                    coords.push((r, q));
                }
            }
        }
        let mut g = Geometry {
            side,
            coords,
            row_start,
            neighbour: Vec::new(),
        };
        let mut neighbour = Vec::with_capacity(g.coords.len() * 6);
        for &(r, q) in &g.coords {
            for d in Dir::ALL {
                let (dr, dq) = d.step();
                neighbour.push(g.point(r + dr, q + dq));
            }
        }
        g.neighbour = neighbour;
        g
    }

    /// Number of points: 3N² − 3N + 1 (37 for N = 4).
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Never: every board has points.
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Number of rows, 2N − 1.
    pub fn rows(&self) -> usize {
        2 * self.side - 1
    }

    /// The points of row r, lowest number first.
    pub fn row(&self, r: usize) -> std::ops::Range<usize> {
        let end = self
            .row_start
            .get(r + 1)
            .copied()
            .unwrap_or(self.coords.len());
        self.row_start[r]..end
    }

    /// The point at (r, q), if it is on the board (|q − r| ≤ N − 1).
    pub fn point(&self, r: i32, q: i32) -> Option<Point> {
        let span = self.rows() as i32;
        if r < 0 || q < 0 || r >= span || q >= span || (q - r).abs() >= self.side as i32 {
            return None;
        }
        let first_q = (r - (self.side as i32 - 1)).max(0);
        Some((self.row_start[r as usize] as i32 + q - first_q) as Point)
    }

    /// The (r, q) coordinates of a point.
    pub fn coords(&self, p: Point) -> (i32, i32) {
        self.coords[p as usize]
    }

    /// The neighbour of `p` towards `d`, if it is on the board.
    pub fn step(&self, p: Point, d: Dir) -> Option<Point> {
        self.neighbour[p as usize * 6 + d.index()]
    }

    /// The direction and distance from `a` to `b` when they share a line.
    pub fn line_between(&self, a: Point, b: Point) -> Option<(Dir, i32)> {
        let (ra, qa) = self.coords(a);
        let (rb, qb) = self.coords(b);
        let (dr, dq) = (rb - ra, qb - qa);
        let k = dr.abs().max(dq.abs());
        if k == 0 || dr % k != 0 || dq % k != 0 {
            return None;
        }
        Dir::from_step(dr / k, dq / k).map(|d| (d, k))
    }

    /// The name of a point: row letter and diagonal number, e.g. `d4`.
    pub fn name(&self, p: Point) -> String {
        let (r, q) = self.coords(p);
        format!("{}{}", (b'a' + r as u8) as char, q + 1)
    }
}

static TABLES: [OnceLock<Geometry>; MAX_SIDE + 1] = [const { OnceLock::new() }; MAX_SIDE + 1];

/// The shared geometry of side `side`; `None` outside 3 … 12.
pub fn geometry(side: usize) -> Option<&'static Geometry> {
    if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
        return None;
    }
    Some(TABLES[side].get_or_init(|| Geometry::build(side)))
}

/// The standard Amoeba board, N = 4.
pub fn standard() -> &'static Geometry {
    TABLES[4].get_or_init(|| Geometry::build(4))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_board_has_37_points_and_the_right_degrees() {
        let g = standard();
        assert_eq!(g.len(), 37);
        let degree = |p: Point| Dir::ALL.iter().filter(|&&d| g.step(p, d).is_some()).count();
        let named = |s: &str| (0..g.len() as Point).find(|&p| g.name(p) == s).unwrap();
        assert_eq!(degree(named("a1")), 3);
        assert_eq!(degree(named("b1")), 4);
        assert_eq!(degree(named("d4")), 6);
        assert_eq!(g.name(36), "g7");
    }
}
