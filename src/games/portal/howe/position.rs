//! A Howe position (rules §2): two boards, the ply schedule, pending intents, and how one
//! ply changes them (§2.4-2.5, §2.8).
//!
//! Each area is an orthodox [`Position`] used as a board: its pieces, castling rooks and en
//! passant square are that area's own. Its `turn` is kept equal to the side that plays
//! next in that area, so the chess core's en passant logic and hash read it right.

use crate::games::chess::bitboard::{self as bb, bit};
use crate::games::chess::position::Position;
use crate::games::chess::types::{Color, Move, MoveKind, Piece, Role, Square};

/// One of the two boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Area {
    /// Area A.
    A,
    /// Area B.
    B,
}

impl Area {
    /// Both areas, A first.
    pub const BOTH: [Area; 2] = [Area::A, Area::B];
    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        self as usize
    }
    /// The other area.
    pub fn other(self) -> Area {
        match self {
            Area::A => Area::B,
            Area::B => Area::A,
        }
    }
    /// `A` or `B`.
    pub fn letter(self) -> char {
        match self {
            Area::A => 'A',
            Area::B => 'B',
        }
    }
    /// The area of a letter, `A` or `B`.
    pub fn from_letter(c: char) -> Option<Area> {
        match c {
            'A' => Some(Area::A),
            'B' => Some(Area::B),
            _ => None,
        }
    }
}

/// The portal squares a4, a5, h4 and h5, the same in both areas (§2.2).
pub const PORTALS: u64 = bit(Square(24)) | bit(Square(32)) | bit(Square(31)) | bit(Square(39));

/// Who plays in which area on each phase of the 4-ply cycle (§2.3).
pub fn mover(phase: u8) -> Color {
    if phase.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}
pub fn scheduled_area(phase: u8) -> Area {
    if phase == 0 || phase == 3 {
        Area::A
    } else {
        Area::B
    }
}
/// The side whose ply in `area` comes first from `phase` on (inclusive).
pub fn next_in_area(phase: u8, area: Area) -> Color {
    match area {
        Area::A if phase == 0 => Color::White,
        Area::B if phase == 2 => Color::White,
        _ => Color::Black,
    }
}

/// A declared intent (§2.4): whose, and where the declared piece stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Intent {
    /// The area of the declared piece.
    pub area: Area,
    /// The portal square it stands on.
    pub square: Square,
    /// The linked square held a piece of the declarer at declaration (§2.4, W6).
    pub void: bool,
}

/// One ply (§2.4). The area is always the scheduled one, so it is not stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ply {
    /// An orthodox move in the scheduled area.
    Normal(Move),
    /// Declare the own piece on this portal square of the scheduled area.
    Intent(Square),
    /// Execute the pending intent: from this square of the other area to the same square here.
    Teleport(Square),
    /// Nothing happens (only where §2.4 allows it).
    Null,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// A Howe position: both areas, the place in the schedule, the pending intents and the
/// clocks.
pub struct HowePosition {
    pub(crate) areas: [Position; 2],
    pub(crate) phase: u8,
    /// The pending intent of each side, by colour index.
    pub(crate) intents: [Option<Intent>; 2],
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

impl HowePosition {
    /// The start: both areas' arrays, White to play in area A.
    pub fn startpos() -> HowePosition {
        super::fen::parse(super::fen::START).expect("the start position is valid")
    }
    /// The board of area `a`.
    pub fn area(&self, a: Area) -> &Position {
        &self.areas[a.index()]
    }
    /// The place in the schedule wA, bB, wB, bA: 0 to 3.
    pub fn phase(&self) -> u8 {
        self.phase
    }
    /// The side to move.
    pub fn turn(&self) -> Color {
        mover(self.phase)
    }
    /// The area the side to move plays in.
    pub fn scheduled(&self) -> Area {
        scheduled_area(self.phase)
    }
    /// `c`'s pending intent.
    pub fn intent(&self, c: Color) -> Option<Intent> {
        self.intents[c.index()]
    }
    /// Plies since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    /// The full-move number, from 1.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The area and square of a side's king, if it has one.
    pub fn king(&self, c: Color) -> Option<(Area, Square)> {
        Area::BOTH
            .into_iter()
            .find_map(|a| bb::lowest(self.area(a).pieces(c, Role::King)).map(|s| (a, s)))
    }

    /// A pending intent is live while not void and its square still holds the declarer's piece.
    pub fn live(&self, c: Color) -> Option<Intent> {
        self.intent(c)
            .filter(|i| !i.void && self.area(i.area).by_color(c) & bit(i.square) != 0)
    }

    /// The declarer's piece was swapped away (§2.5): its intent is dead and a piece of its own
    /// now stands on the linked square (nothing else can put one there before the execution).
    pub fn swapped(&self, c: Color) -> bool {
        self.intent(c).is_some_and(|i| {
            !i.void
                && self.area(i.area).by_color(c) & bit(i.square) == 0
                && self.area(i.area.other()).by_color(c) & bit(i.square) != 0
        })
    }

    /// The position after a legal ply.
    pub fn after(&self, ply: Ply) -> HowePosition {
        let mut next = self.clone();
        next.play(ply);
        next
    }

    /// Play a ply that is legal here.
    pub fn play(&mut self, ply: Ply) {
        let us = self.turn();
        let here = self.scheduled();
        self.areas[here.index()].ep_square = None;
        let reset = match ply {
            Ply::Normal(m) => self.play_normal(here, us, m),
            Ply::Intent(sq) => {
                let void = self.area(here.other()).by_color(us) & bit(sq) != 0;
                self.intents[us.index()] = Some(Intent {
                    area: here,
                    square: sq,
                    void,
                });
                false
            }
            Ply::Teleport(sq) => self.teleport(here, us, sq),
            Ply::Null => false,
        };
        if !matches!(ply, Ply::Intent(_)) {
            self.intents[us.index()] = None;
        }
        self.halfmoves = if reset { 0 } else { self.halfmoves + 1 };
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.phase = (self.phase + 1) % 4;
        self.sync_turns();
    }

    /// Each area's `turn` is the side that plays next there.
    pub(crate) fn sync_turns(&mut self) {
        for a in Area::BOTH {
            self.areas[a.index()].turn = next_in_area(self.phase, a);
        }
    }

    /// An orthodox move; true when it captured or moved a pawn.
    fn play_normal(&mut self, here: Area, us: Color, m: Move) -> bool {
        let board = &mut self.areas[here.index()];
        let pawn = board.pieces(us, Role::Pawn) & bit(m.from) != 0;
        let capture = board.by_color(us.flip()) & bit(m.to) != 0 || m.kind == MoveKind::EnPassant;
        board.turn = us;
        board.play(m);
        pawn || capture
    }

    /// Execute the mover's intent into `here` (§2.5); true when a pawn moved or a piece fell.
    fn teleport(&mut self, here: Area, us: Color, sq: Square) -> bool {
        let from = here.other();
        let Some(p) = self.areas[from.index()].remove(sq) else {
            return false;
        };
        let them = us.flip();
        let swap = self
            .live(them)
            .is_some_and(|i| i.area == here && i.square == sq);
        let target = self.areas[here.index()].remove(sq);
        if let (true, Some(q)) = (swap, target) {
            self.areas[from.index()].put(sq, q);
        }
        self.areas[here.index()].put(sq, p);
        if p.role == Role::King {
            self.areas[from.index()].castling &= !(bb::RANK_1 << (8 * us.back_rank()));
        }
        for a in &mut self.areas {
            a.castling &= !bit(sq);
        }
        p.role == Role::Pawn || target.is_some_and(|q: Piece| !swap || q.role == Role::Pawn)
    }

    /// Everything that makes two positions the same: both boards, the phase, the intents.
    pub fn hash(&self) -> u64 {
        let mut h = self.areas[0].hash()
            ^ self.areas[1]
                .hash()
                .rotate_left(29)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= (u64::from(self.phase) + 1).wrapping_mul(0xd6e8_feb8_6659_fd93);
        for (c, i) in self.intents.iter().enumerate() {
            if let Some(i) = i {
                let code = ((c as u64) << 8)
                    | ((i.area.index() as u64) << 7)
                    | ((i.void as u64) << 6)
                    | u64::from(i.square.0);
                h ^= (code + 1)
                    .wrapping_mul(0xa076_1d64_78bd_642f)
                    .rotate_left(13 + 7 * c as u32);
            }
        }
        h
    }
}
