//! The full game state of §6.1 and how a ply changes it.

use super::types::{Kind, Lantis, Ply, Side, Square};

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A lantis (a piece).
    Lantis(Lantis),
    /// The Teems, which either side may move.
    Teems,
}

const EMPTY: u8 = 0;
const TEEMS: u8 = 29;
const OFF: u8 = 255;

/// Why a game ended (§8), with the winner and the winner's points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct End {
    /// Who won.
    pub winner: Side,
    /// How.
    pub reason: EndReason,
    /// The winner's points.
    pub points: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
/// How a game was won (§8).
pub enum EndReason {
    /// The opponent's moon was captured (4 points).
    Moon,
    /// The opponent's last magic piece was captured.
    Magic,
    /// The loser made a fourth consecutive ker (§5.5).
    Ker4,
    /// The side to move had no legal ply.
    NoMove,
}

impl EndReason {
    /// The `Termination` header word of §9.4.
    pub fn word(self) -> &'static str {
        match self {
            EndReason::Moon => "moon",
            EndReason::Magic => "magic",
            EndReason::Ker4 => "ker4",
            EndReason::NoMove => "nomove",
        }
    }
}

/// A playable Shelt position. Small and `Copy`-cheap: search copies it for every ply.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// 0 empty, 1..=28 lantis number, 29 Teems.
    board: [u8; 49],
    /// Square of each lantis, 255 when off the board.
    at: [u8; 28],
    /// Front lantis currently in their turned form.
    turned: u32,
    teems: Square,
    teems_turned: bool,
    pins: [Option<Lantis>; 2],
    hands: [u32; 2],
    consumed: u32,
    kers: [u8; 2],
    side: Side,
    end: Option<End>,
}

impl Position {
    /// An empty board with Teems on `teems`; setup fills it.
    pub(crate) fn bare(side: Side, teems: Square) -> Position {
        let mut board = [EMPTY; 49];
        board[teems.index()] = TEEMS;
        Position {
            board,
            at: [OFF; 28],
            turned: 0,
            teems,
            teems_turned: false,
            pins: [None; 2],
            hands: [0; 2],
            consumed: 0,
            kers: [0; 2],
            side,
            end: None,
        }
    }

    /// The initial position of §3.2.
    pub fn startpos() -> Position {
        let mut p = Position::bare(Side::Arxe, Square(3 + 7 * 3));
        for l in Lantis::all() {
            p.put(l, l.start());
        }
        p
    }

    pub(crate) fn put(&mut self, l: Lantis, sq: Square) {
        self.board[sq.index()] = l.0 + 1;
        self.at[l.index()] = sq.0;
    }
    pub(crate) fn set_turned(&mut self, l: Lantis, on: bool) {
        if on {
            self.turned |= l.bit()
        } else {
            self.turned &= !l.bit()
        }
    }
    pub(crate) fn set_teems_turned(&mut self, on: bool) {
        self.teems_turned = on;
    }
    pub(crate) fn set_pin(&mut self, side: Side, l: Option<Lantis>) {
        self.pins[side.index()] = l;
    }
    pub(crate) fn add_to_hand(&mut self, side: Side, l: Lantis) {
        self.hands[side.index()] |= l.bit();
    }
    pub(crate) fn set_kers(&mut self, side: Side, n: u8) {
        self.kers[side.index()] = n;
    }
    pub(crate) fn set_consumed(&mut self, mask: u32) {
        self.consumed = mask;
    }

    /// What stands on `sq`.
    pub fn cell(&self, sq: Square) -> Cell {
        match self.board[sq.index()] {
            EMPTY => Cell::Empty,
            TEEMS => Cell::Teems,
            n => Cell::Lantis(Lantis(n - 1)),
        }
    }
    /// Is `sq` empty?
    pub fn is_empty(&self, sq: Square) -> bool {
        self.board[sq.index()] == EMPTY
    }
    /// The square of a lantis on the board.
    pub fn square_of(&self, l: Lantis) -> Option<Square> {
        let s = self.at[l.index()];
        (s != OFF).then_some(Square(s))
    }
    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }
    /// The square of Teems.
    pub fn teems_square(&self) -> Square {
        self.teems
    }
    /// Is Teems turned?
    pub fn teems_turned(&self) -> bool {
        self.teems_turned
    }
    /// The lantis `side` has pinned on Teems, if any.
    pub fn pin(&self, side: Side) -> Option<Lantis> {
        self.pins[side.index()]
    }
    /// The lantis in `side`'s hand.
    pub fn hand(&self, side: Side) -> impl Iterator<Item = Lantis> + '_ {
        let mask = self.hands[side.index()];
        Lantis::all().filter(move |l| mask & l.bit() != 0)
    }
    /// Is `l` in `side`'s hand?
    pub fn in_hand(&self, side: Side, l: Lantis) -> bool {
        self.hands[side.index()] & l.bit() != 0
    }
    /// Was `l` consumed (never to be pinned again)?
    pub fn is_consumed(&self, l: Lantis) -> bool {
        self.consumed & l.bit() != 0
    }
    /// `side`'s ker counter: consecutive direction changes, 0 to 3.
    pub fn kers(&self, side: Side) -> u8 {
        self.kers[side.index()]
    }
    /// The end of the game, once a ply has ended it.
    pub fn end(&self) -> Option<End> {
        self.end
    }
    /// Is `l` turned?
    pub fn is_turned(&self, l: Lantis) -> bool {
        self.turned & l.bit() != 0
    }
    /// A lantis' current kind: its base kind, or the other form after an odd number of kers.
    pub fn kind_of(&self, l: Lantis) -> Kind {
        let k = l.base_kind();
        if self.is_turned(l) { k.turned() } else { k }
    }
    /// Teems' effective kind for a side (§6.3): its pin's base kind, turned with Teems.
    pub fn teems_kind(&self, side: Side) -> Option<Kind> {
        let k = self.pins[side.index()]?.base_kind();
        Some(if self.teems_turned { k.turned() } else { k })
    }
    /// The lantis of a side on the board.
    pub fn lantis_on_board(&self, side: Side) -> impl Iterator<Item = (Lantis, Square)> + '_ {
        let range = if side == Side::Arxe {
            0..14u8
        } else {
            14..28u8
        };
        range.filter_map(move |i| {
            let s = self.at[i as usize];
            (s != OFF).then_some((Lantis(i), Square(s)))
        })
    }
    /// How many of a side's magic pieces stand on the board (Teems never counts, I-38).
    pub fn magic_count(&self, side: Side) -> u8 {
        let mut n = 0;
        for l in Lantis::all().filter(|l| l.side() == side && l.base_kind().is_magic()) {
            n += (self.at[l.index()] != OFF) as u8;
        }
        n
    }
    /// The side's only magic piece on the board, if exactly one is left.
    pub fn last_magic(&self, side: Side) -> Option<Lantis> {
        let mut found = None;
        for l in Lantis::all().filter(|l| l.side() == side && l.base_kind().is_magic()) {
            if self.at[l.index()] != OFF {
                if found.is_some() {
                    return None;
                }
                found = Some(l);
            }
        }
        found
    }

    /// The side a piece on `sq` acts for when the side to move moves it.
    pub fn mover_side(&self, sq: Square) -> Option<Side> {
        match self.cell(sq) {
            Cell::Lantis(l) => Some(l.side()),
            Cell::Teems => Some(self.side),
            Cell::Empty => None,
        }
    }

    /// The position after a ply the move generator produced. Plies it would not produce
    /// (checked by `rules`) leave an unspecified but well-formed position.
    pub fn after(&self, ply: Ply) -> Position {
        let mut p = self.clone();
        p.play(ply);
        p
    }

    /// Play a legal ply.
    pub fn play(&mut self, ply: Ply) {
        let us = self.side;
        match ply {
            Ply::Step { from, to } => self.step(from, to),
            Ply::Ker { at } => self.ker(at),
            Ply::Ann {
                from,
                to,
                companion,
            } => self.accompany(from, to, companion),
            Ply::Pin(l) => {
                if let Some(old) = self.pins[us.index()] {
                    self.hands[us.index()] |= old.bit();
                }
                self.hands[us.index()] &= !l.bit();
                self.pins[us.index()] = Some(l);
            }
            Ply::Return => {
                if let Some(old) = self.pins[us.index()].take() {
                    self.hands[us.index()] |= old.bit();
                }
            }
        }
        if !matches!(ply, Ply::Ker { .. }) {
            self.kers[us.index()] = 0;
        } else if self.kers[us.index()] >= 4 && self.end.is_none() {
            let winner = us.other();
            self.end = Some(End {
                winner,
                reason: EndReason::Ker4,
                points: self.magic_count(winner),
            });
        }
        self.side = us.other();
    }

    fn lift(&mut self, sq: Square) -> u8 {
        std::mem::replace(&mut self.board[sq.index()], EMPTY)
    }

    fn place(&mut self, code: u8, sq: Square) {
        self.board[sq.index()] = code;
        match code {
            TEEMS => self.teems = sq,
            EMPTY => {}
            n => self.at[(n - 1) as usize] = sq.0,
        }
    }

    fn step(&mut self, from: Square, to: Square) {
        let us = self.side;
        let mover = self.lift(from);
        match self.cell(to) {
            Cell::Empty => {}
            Cell::Teems => {
                // the swap of §6.6: the opponent's pin is consumed, Teems takes `from`
                self.lift(to);
                if let Some(pinned) = self.pins[us.other().index()].take() {
                    self.consumed |= pinned.bit();
                }
                self.place(TEEMS, from);
            }
            Cell::Lantis(victim) => {
                self.lift(to);
                self.capture(victim);
                // capturing with Teems consumes the mover's pin (§6.5)
                if mover == TEEMS
                    && let Some(pinned) = self.pins[us.index()].take()
                {
                    self.consumed |= pinned.bit();
                }
            }
        }
        self.place(mover, to);
        if let Some(victim_end) = self.end {
            // magic points count the winner's magic after the ply, which is now
            if victim_end.reason == EndReason::Magic {
                self.end = Some(End {
                    points: self.magic_count(us),
                    ..victim_end
                });
            }
        }
    }

    /// The victim goes to the capturer's hand in its base kind (§6.2); moon or last magic ends the game.
    fn capture(&mut self, victim: Lantis) {
        let us = self.side;
        self.at[victim.index()] = OFF;
        self.turned &= !victim.bit();
        self.hands[us.index()] |= victim.bit();
        if victim.base_kind() == Kind::Xelt {
            self.end = Some(End {
                winner: us,
                reason: EndReason::Moon,
                points: 4,
            });
        } else if victim.base_kind().is_magic() && self.magic_count(victim.side()) == 0 {
            self.end = Some(End {
                winner: us,
                reason: EndReason::Magic,
                points: 0,
            });
        }
    }

    fn ker(&mut self, at: Square) {
        match self.cell(at) {
            Cell::Lantis(l) => self.turned ^= l.bit(),
            Cell::Teems => self.teems_turned = !self.teems_turned,
            Cell::Empty => {}
        }
        self.kers[self.side.index()] += 1;
    }

    fn accompany(&mut self, from: Square, to: Square, companion: Square) {
        let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
        let Some(dest) = companion.offset(df, dr) else {
            return;
        };
        let leader = self.lift(from);
        let follower = self.lift(companion);
        self.place(leader, to);
        self.place(follower, dest);
    }

    /// The side to move lost because it has no ply; the generator's caller records it.
    pub(crate) fn set_end(&mut self, end: End) {
        self.end = Some(end);
    }

    /// A stable 64-bit hash of the whole state (FNV-1a over its fields).
    pub fn hash64(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        };
        self.board.iter().for_each(|&b| eat(b));
        self.turned.to_le_bytes().into_iter().for_each(&mut eat);
        eat(self.teems_turned as u8);
        for s in 0..2 {
            eat(self.pins[s].map_or(255, |l| l.0));
            self.hands[s].to_le_bytes().into_iter().for_each(&mut eat);
            eat(self.kers[s]);
        }
        self.consumed.to_le_bytes().into_iter().for_each(&mut eat);
        eat(self.side as u8);
        eat(self.end.is_some() as u8);
        h
    }
}
