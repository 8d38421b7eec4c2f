//! Single moves (§5–§6): every move a piece may make from a playable board, with no check
//! test (a single move has no legality of its own; the action is checked as a whole, §4.1).

use super::board::{Sq, file_of, rank_of, sq};
use super::multiverse::Multiverse;
use super::types::{Cell, Colour, Kind};

/// A point of the multiverse: timeline index, time index, square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The timeline's index (0 the first; negative below it).
    pub l: i32,
    /// The time index: twice the turn, plus one on Black's boards.
    pub v: i32,
    /// The square on that board.
    pub sq: Sq,
}

/// One move of one piece; a jump when the boards differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Point,
    /// Where it goes: on the same board, or another board for a jump.
    pub to: Point,
    /// The promotion piece, when a pawn or brawn reaches its last rank.
    pub promo: Option<Kind>,
}

impl Move {
    /// Does the move stay on its board (no time travel)?
    pub fn physical(&self) -> bool {
        self.from.l == self.to.l && self.from.v == self.to.v
    }
}

/// Absolute displacement: file, rank, turn (two time indices), timeline.
pub(super) type Delta = [i32; 4];

fn axis_count(d: &Delta) -> usize {
    d.iter().filter(|&&x| x != 0).count()
}

/// The 80 unit directions of §2.5, with their axis counts.
fn unit_directions() -> impl Iterator<Item = Delta> {
    (0..81)
        .map(|n| [n % 3 - 1, n / 3 % 3 - 1, n / 9 % 3 - 1, n / 27 - 1])
        .filter(|d| axis_count(d) > 0)
}

/// Knight leaps: ±1 on one axis and ±2 on another.
fn knight_leaps() -> impl Iterator<Item = Delta> {
    unit_directions()
        .filter(|d| axis_count(d) == 2)
        .flat_map(|d| {
            let axes: Vec<usize> = (0..4).filter(|&i| d[i] != 0).collect();
            let (a, b) = (axes[0], axes[1]);
            let mut one = d;
            one[a] *= 2;
            let mut two = d;
            two[b] *= 2;
            [one, two]
        })
}

/// The capturing steps of a pawn (§5.3) or, with `brawn`, of a brawn, for `colour`.
pub(super) fn pawn_captures(brawn: bool, colour: Colour) -> Vec<Delta> {
    let (fx, fl) = (colour.forward(), colour.l_forward());
    let mut caps = vec![[1, fx, 0, 0], [-1, fx, 0, 0], [0, 0, 1, fl], [0, 0, -1, fl]];
    if brawn {
        caps.extend([
            [0, fx, 0, fl],
            [1, 0, 0, fl],
            [-1, 0, 0, fl],
            [0, fx, -1, 0],
        ]);
    }
    caps
}

pub(super) fn rider_axes(kind: Kind) -> &'static [usize] {
    match kind {
        Kind::Rook => &[1],
        Kind::Bishop => &[2],
        Kind::Unicorn => &[3],
        Kind::Dragon => &[4],
        Kind::Princess => &[1, 2],
        Kind::Queen | Kind::RoyalQueen => &[1, 2, 3, 4],
        _ => &[],
    }
}

/// Direction tables built once.
pub struct Tables {
    pub by_axes: [Vec<Delta>; 5],
    pub knight: Vec<Delta>,
}

pub fn tables() -> &'static Tables {
    static T: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut by_axes: [Vec<Delta>; 5] = Default::default();
        for d in unit_directions() {
            by_axes[axis_count(&d)].push(d);
        }
        Tables {
            by_axes,
            knight: knight_leaps().collect(),
        }
    })
}

impl Multiverse {
    /// The point `k` steps along `d` from `p`, if its board exists and the square is on it.
    pub(super) fn step(&self, p: Point, d: &Delta, k: i32) -> Option<Point> {
        let (f, r) = (file_of(p.sq) + k * d[0], rank_of(p.sq) + k * d[1]);
        let (l, v) = (p.l + k * d[3], p.v + 2 * k * d[2]);
        if !self.inside(f, r) || self.board(l, v).is_none() {
            return None;
        }
        Some(Point { l, v, sq: sq(f, r) })
    }
    pub(super) fn cell_at(&self, p: Point) -> Cell {
        self.cell(p.l, p.v, p.sq).unwrap_or(Cell::EMPTY)
    }

    /// Every move of every piece of `colour` on the board `(l, v)`; `captures_only` leaves out
    /// non-capturing moves and castling (the attack test of §7.1).
    pub fn board_moves(
        &self,
        l: i32,
        v: i32,
        colour: Colour,
        captures_only: bool,
        out: &mut Vec<Move>,
    ) {
        let Some(b) = self.board(l, v) else { return };
        for s in 0..64u8 {
            let c = b.at(s);
            if !c.is(colour) || !self.inside(file_of(s), rank_of(s)) {
                continue;
            }
            let from = Point { l, v, sq: s };
            self.piece_moves(from, c, captures_only, out);
        }
    }

    fn piece_moves(&self, from: Point, c: Cell, captures_only: bool, out: &mut Vec<Move>) {
        let Some(kind) = c.kind() else { return };
        let colour = c.colour().unwrap_or(Colour::White);
        let t = tables();
        match kind {
            Kind::Pawn | Kind::Brawn => self.pawn_moves(from, c, captures_only, out),
            Kind::Knight => self.leaps(from, colour, &t.knight, captures_only, out),
            Kind::King | Kind::CommonKing => {
                for n in 1..=4 {
                    self.leaps(from, colour, &t.by_axes[n], captures_only, out);
                }
                if kind == Kind::King && c.unmoved() && !captures_only {
                    self.castlings(from, colour, out);
                }
            }
            _ => {
                for &n in rider_axes(kind) {
                    for d in &t.by_axes[n] {
                        self.ride(from, colour, d, captures_only, out);
                    }
                }
            }
        }
    }

    fn add(&self, from: Point, to: Point, out: &mut Vec<Move>) {
        out.push(Move {
            from,
            to,
            promo: None,
        });
    }

    fn leaps(
        &self,
        from: Point,
        colour: Colour,
        ds: &[Delta],
        captures_only: bool,
        out: &mut Vec<Move>,
    ) {
        for d in ds {
            if let Some(to) = self.step(from, d, 1) {
                let t = self.cell_at(to);
                if t.is(colour) || (captures_only && t.is_empty()) {
                    continue;
                }
                self.add(from, to, out);
            }
        }
    }

    fn ride(
        &self,
        from: Point,
        colour: Colour,
        d: &Delta,
        captures_only: bool,
        out: &mut Vec<Move>,
    ) {
        let mut k = 1;
        while let Some(to) = self.step(from, d, k) {
            let t = self.cell_at(to);
            if t.is(colour) {
                return;
            }
            if !t.is_empty() {
                self.add(from, to, out);
                return;
            }
            if !captures_only {
                self.add(from, to, out);
            }
            k += 1;
        }
    }

    fn pawn_moves(&self, from: Point, c: Cell, captures_only: bool, out: &mut Vec<Move>) {
        let colour = c.colour().unwrap_or(Colour::White);
        let (fx, fl) = (colour.forward(), colour.l_forward());
        let start = out.len();
        if !captures_only {
            for d in [[0, fx, 0, 0], [0, 0, 0, fl]] {
                let Some(one) = self
                    .step(from, &d, 1)
                    .filter(|p| self.cell_at(*p).is_empty())
                else {
                    continue;
                };
                self.add(from, one, out);
                if c.unmoved()
                    && let Some(two) = self
                        .step(from, &d, 2)
                        .filter(|p| self.cell_at(*p).is_empty())
                {
                    self.add(from, two, out);
                }
            }
        }
        for d in &pawn_captures(c.kind() == Some(Kind::Brawn), colour) {
            if let Some(to) = self.step(from, d, 1)
                && self.cell_at(to).is(colour.other())
            {
                self.add(from, to, out);
            }
        }
        self.en_passant(from, colour, out);
        self.expand_promotions(start, colour, out);
    }

    fn en_passant(&self, from: Point, colour: Colour, out: &mut Vec<Move>) {
        let Some(b) = self.board(from.l, from.v) else {
            return;
        };
        let Some((crossed, arrived)) = b.ep else {
            return;
        };
        let beside = rank_of(arrived) == rank_of(from.sq)
            && (file_of(arrived) - file_of(from.sq)).abs() == 1;
        if beside
            && b.at(arrived).is(colour.other())
            && rank_of(crossed) - rank_of(from.sq) == colour.forward()
        {
            self.add(
                from,
                Point {
                    sq: crossed,
                    ..from
                },
                out,
            );
        }
    }

    /// Replace each move from `start` on that ends on the last rank by one move per promotion piece.
    fn expand_promotions(&self, start: usize, colour: Colour, out: &mut Vec<Move>) {
        let last = if colour == Colour::White {
            self.height - 1
        } else {
            0
        };
        let mut i = start;
        while i < out.len() {
            if rank_of(out[i].to.sq) == last && out[i].promo.is_none() {
                let m = out.remove(i);
                for &k in &self.promotions {
                    out.insert(
                        i,
                        Move {
                            promo: Some(k),
                            ..m
                        },
                    );
                    i += 1;
                }
            } else {
                i += 1;
            }
        }
    }

    /// §6: castling on one board, king two files toward a rook at least three files away.
    fn castlings(&self, from: Point, colour: Colour, out: &mut Vec<Move>) {
        let Some(b) = self.board(from.l, from.v) else {
            return;
        };
        let (kf, rank) = (file_of(from.sq), rank_of(from.sq));
        for dir in [-1, 1] {
            let mut f = kf + dir;
            while self.inside(f, rank) && b.at(sq(f, rank)).is_empty() {
                f += dir;
            }
            if !self.inside(f, rank) || (f - kf).abs() < 3 {
                continue;
            }
            let rook = b.at(sq(f, rank));
            if !(rook.is(colour) && rook.kind() == Some(Kind::Rook) && rook.unmoved()) {
                continue;
            }
            let path = [kf, kf + dir, kf + 2 * dir];
            if path
                .iter()
                .any(|&pf| self.attacked_on_board(from.l, from.v, sq(pf, rank), colour.other()))
            {
                continue;
            }
            self.add(
                from,
                Point {
                    sq: sq(kf + 2 * dir, rank),
                    ..from
                },
                out,
            );
        }
    }

    /// Whether a piece of `by` on board `(l, v)` could capture on `target` of the same board,
    /// as if `by` were to move there (§6's same-board attack test). The board is looked at
    /// alone, with a stand-in piece on `target` so that pawns show their captures.
    fn attacked_on_board(&self, l: i32, v: i32, target: Sq, by: Colour) -> bool {
        let mut view = self.single_board_view(l, v);
        view.timelines[0].boards[0].set(target, Cell::piece(Kind::CommonKing, by.other(), false));
        let mut moves = Vec::new();
        view.board_moves(l, v, by, true, &mut moves);
        moves.iter().any(|m| m.to.sq == target)
    }

    /// A one-board multiverse holding board `(l, v)` only (so only physical moves exist).
    fn single_board_view(&self, l: i32, v: i32) -> Multiverse {
        let board = self
            .board(l, v)
            .cloned()
            .unwrap_or_else(super::board::Board::empty);
        Multiverse {
            width: self.width,
            height: self.height,
            even: self.even,
            low: l,
            timelines: vec![super::multiverse::Timeline {
                start: v,
                boards: vec![board],
            }],
            init_min: l,
            init_max: l,
            promotions: vec![Kind::Queen],
        }
    }

    /// Every single move of `p` from its playable boards (sorted by timeline).
    pub fn single_moves(&self, p: Colour) -> Vec<Move> {
        let mut out = Vec::new();
        for l in self.playable(p) {
            if let Some(v) = self.end_v(l) {
                self.board_moves(l, v, p, false, &mut out);
            }
        }
        out
    }

    /// §7.1: can a piece of `by` on a `by`-coloured end board capture a royal piece of the other
    /// player?
    pub fn royal_capturable(&self, by: Colour) -> bool {
        let victim = by.other();
        let mut moves = Vec::new();
        for l in self.playable(by) {
            let Some(v) = self.end_v(l) else { continue };
            moves.clear();
            self.board_moves(l, v, by, true, &mut moves);
            if moves.iter().any(|m| self.cell_at(m.to).royal_of(victim)) {
                return true;
            }
        }
        false
    }
}
