//! A Hidden position: an orthodox board plus portal markers (rules §3.1, §6.1), its
//! position string, and how a move changes it (teleport and marker relocation, §3.5).

use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::ChessRule;
use crate::games::chess::notation::fen;
use crate::games::chess::position::Position;
use crate::games::chess::types::{Color, MoveKind, Role, Square};
use crate::games::portal::PortalRule;

pub const START: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 b4,c4,f4,g4,b5,c5,f5,g5";

/// A move of Hidden's game: orthodox `(from, to, kind)`, or a teleport that enters the
/// portal on `to` and leaves at `exit` (rules §3.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HiddenMove {
    /// The origin square.
    pub from: Square,
    /// The destination, or the entry portal of a teleport.
    pub to: Square,
    /// The portal the piece comes out of, for a teleport.
    pub exit: Option<Square>,
    /// Promotion, en passant, castling or a normal move.
    pub kind: MoveKind,
}

impl HiddenMove {
    /// A move through no portal.
    pub fn plain(from: Square, to: Square, kind: MoveKind) -> HiddenMove {
        HiddenMove {
            from,
            to,
            exit: None,
            kind,
        }
    }
    /// Where the piece ends the move.
    pub fn landing(self) -> Square {
        self.exit.unwrap_or(self.to)
    }
}

/// The board, side to move, rights and counters, and how many markers lie on each square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenPosition {
    pub(crate) board: Position,
    pub(crate) markers: [u8; 64],
}

impl HiddenPosition {
    /// The start: the chess array and the portal markers b4, c4, f4, g4, b5, c5, f5, g5.
    pub fn startpos() -> HiddenPosition {
        parse(START).expect("the start position is valid")
    }
    /// The chess board under the portals.
    pub fn board(&self) -> &Position {
        &self.board
    }
    /// The side to move.
    pub fn turn(&self) -> Color {
        self.board.turn()
    }
    /// Markers on a square (0: not a portal; 2 or more: a stack).
    pub fn markers(&self, sq: Square) -> u8 {
        self.markers[sq.index()]
    }
    /// Every portal square as a set.
    pub fn portals(&self) -> u64 {
        self.markers
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .fold(0, |acc, (i, _)| acc | 1u64 << i)
    }
    /// Squares a teleport may leave by: one marker, no piece (rules §3.4, conditions 1-2).
    pub fn free_exits(&self) -> u64 {
        let occ = self.board.occupied();
        self.markers
            .iter()
            .enumerate()
            .filter(|(i, n)| **n == 1 && occ & (1u64 << i) == 0)
            .fold(0, |acc, (i, _)| acc | 1u64 << i)
    }

    /// A 64-bit hash of the whole position.
    pub fn hash(&self) -> u64 {
        let mut h = self.board.hash();
        for (i, &n) in self.markers.iter().enumerate() {
            if n > 0 {
                h ^= (u64::from(n) * 64 + i as u64 + 1)
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    .rotate_left(17);
            }
        }
        h
    }

    /// The position after a legal move.
    pub fn after(&self, mv: HiddenMove) -> HiddenPosition {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// Play a legal move: orthodox moves as in chess; a teleport captures on the entry,
    /// puts the piece on the exit, and moves one entry marker to the origin square.
    pub fn play(&mut self, mv: HiddenMove) {
        let Some(exit) = mv.exit else {
            self.board.play(crate::games::chess::Move {
                from: mv.from,
                to: mv.to,
                kind: mv.kind,
            });
            return;
        };
        let b = &mut self.board;
        let us = b.turn;
        let Some(piece) = b.remove(mv.from) else {
            return;
        };
        let captured = b.remove(mv.to);
        b.put(exit, piece);
        self.markers[mv.to.index()] -= 1;
        self.markers[mv.from.index()] += 1;
        if piece.role == Role::King {
            b.castling &= !(0xffu64 << (8 * us.back_rank()));
        }
        b.castling &= !(1u64 << mv.from.0 | 1u64 << mv.to.0);
        b.ep_square = None;
        b.halfmoves = if captured.is_some() || piece.role == Role::Pawn {
            0
        } else {
            b.halfmoves + 1
        };
        if us == Color::Black {
            b.fullmoves += 1;
        }
        b.turn = us.flip();
    }

    /// The other side to move, nothing else changed (for threats in problems).
    pub(crate) fn pass(&mut self) {
        self.board.turn = self.board.turn.flip();
        self.board.ep_square = None;
    }
}

/// The portal list: squares in a1, b1 … h8 order, a stack repeating its square.
pub fn portal_list(pos: &HiddenPosition) -> String {
    let mut out = Vec::new();
    for i in 0..64u8 {
        for _ in 0..pos.markers[i as usize] {
            out.push(Square(i).to_string());
        }
    }
    out.join(",")
}

/// The position string: FEN, a space, the portal list (rules §6.1).
pub fn to_string(pos: &HiddenPosition) -> String {
    format!("{} {}", fen::to_fen(&pos.board), portal_list(pos))
}

/// Read a position string (syntax, then every validity rule of §6.1 and §6.4).
pub fn parse(text: &str) -> Result<HiddenPosition, Problem> {
    parse_all(text).map_err(|mut ps| ps.remove(0))
}

/// Like [`parse`], with every problem found (the check of the side not to move only on an
/// otherwise valid position).
pub fn parse_all(text: &str) -> Result<HiddenPosition, Vec<Problem>> {
    let setup = read_setup(text).map_err(|p| vec![p])?;
    let problems = setup.board_problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let pos = setup.build();
    match setup.opponent_in_check(&pos) {
        Some(p) => Err(vec![p]),
        None => Ok(pos),
    }
}

/// A Hidden position string as written: the FEN's setup and the portal markers, checked
/// for syntax only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenSetup {
    /// The board, side to move, rights and counters, as the FEN says.
    pub board: crate::games::chess::setup::Setup,
    /// Markers on each square, `a1` = 0 … `h8` = 63 (2 or more: a stack).
    pub markers: [u8; 64],
    /// Where the FEN starts in the text (after `hidden:`), and the portal list's span.
    pub(crate) shift: usize,
    pub(crate) list_span: Span,
}

/// Read a position string's syntax (§6.1): a 6-field FEN and the portal list.
pub fn read_setup(text: &str) -> Result<HiddenSetup, Problem> {
    let body_start = if text.trim_start().starts_with("hidden:") {
        text.find("hidden:").unwrap_or(0) + 7
    } else {
        0
    };
    let body = &text[body_start..];
    let fields: Vec<&str> = body.split_ascii_whitespace().collect();
    if fields.len() != 7 {
        let msg = format!(
            "a Hidden position is a 6-field FEN and a portal list, found {} fields",
            fields.len()
        );
        return Err(Problem::syntax(msg, Span::new(0, text.len())));
    }
    let fen_end = Span::of(text, fields[5]).end();
    let board = fen::parse_setup(text[..fen_end].trim_start_matches("hidden:"))?;
    let shift = fen_end - text[..fen_end].trim_start_matches("hidden:").len();
    let markers = parse_markers(text, fields[6]).map_err(|mut ps| ps.remove(0))?;
    Ok(HiddenSetup {
        board,
        markers,
        shift,
        list_span: Span::of(text, fields[6]),
    })
}

impl HiddenSetup {
    /// Read a position string's syntax.
    pub(crate) fn read(text: &str) -> Result<HiddenSetup, Problem> {
        read_setup(text)
    }

    /// The setup of a playable position.
    pub(crate) fn from_position(pos: &HiddenPosition) -> HiddenSetup {
        HiddenSetup {
            board: crate::games::chess::setup::Setup::from_position(&pos.board),
            markers: pos.markers,
            shift: 0,
            list_span: Span::default(),
        }
    }

    /// The position string.
    pub(crate) fn text(&self) -> String {
        let pos = HiddenPosition {
            board: self.board.build(),
            markers: self.markers,
        };
        format!("{} {}", fen::setup_to_fen(&self.board), portal_list(&pos))
    }

    /// The problems of §6.1 and §6.4 that do not need a position: the chess board's
    /// (a pawn on a portal of the last rank exited there), too few markers, a piece on a
    /// stack.
    fn board_problems(&self) -> Vec<Problem> {
        let setup = &self.board;
        let markers = &self.markers;
        let mut problems: Vec<Problem> = setup
            .board_problems()
            .into_iter()
            .filter(|p| !(p.rule == ChessRule::PawnOnBackRank && on_portal(setup, markers, p.span)))
            .map(|p| p.shifted(self.shift))
            .collect();
        if markers.iter().map(|&n| u32::from(n)).sum::<u32>() < 2 {
            problems.push(Problem::new(
                PortalRule::TooFewPortals,
                "a Hidden position has at least 2 portal markers",
                self.list_span,
            ));
        }
        for (i, &n) in markers.iter().enumerate() {
            if n > 1 && setup.board[i].is_some() {
                let msg = format!(
                    "a piece stands on the stack {}; pieces never rest on stacks",
                    Square(i as u8)
                );
                problems.push(Problem::new(PortalRule::PieceOnStack, msg, self.list_span));
            }
        }
        problems
    }

    fn build(&self) -> HiddenPosition {
        HiddenPosition {
            board: self.board.build(),
            markers: self.markers,
        }
    }

    /// The side not to move in check (through the portals) in the built position.
    fn opponent_in_check(&self, pos: &HiddenPosition) -> Option<Problem> {
        let mut passed = pos.clone();
        passed.pass();
        super::movegen::in_check(&passed).then(|| {
            let them = pos.turn().flip();
            let msg = format!(
                "{} is in check but it is {}'s move",
                them.name(),
                pos.turn().name()
            );
            Problem::new(
                CommonRule::OpponentInCheck,
                msg,
                self.board.spans.turn.shifted(self.shift),
            )
        })
    }

    /// The playable position, or every problem (the check wherever each side has one
    /// king) but the castling rights and en passant square that `accept` lets drop.
    pub(crate) fn position(
        &self,
        accept: &[crate::core::Rule],
    ) -> Result<HiddenPosition, Vec<Problem>> {
        let mut problems = self.board_problems();
        let pos = self.build();
        if super::super::one_king_each(&self.board) {
            problems.extend(self.opponent_in_check(&pos));
        }
        super::super::drop_accepted(&mut problems, accept);
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(problems)
        }
    }
}

/// A pawn on rank 1 or 8 is allowed when it stands on a portal (it exited there, §3.6):
/// the problem's span is that of a square holding a marker.
fn on_portal(setup: &crate::games::chess::setup::Setup, markers: &[u8; 64], span: Span) -> bool {
    (0..64).any(|i| markers[i] > 0 && setup.spans.squares[i] == span)
}

fn parse_markers(text: &str, list: &str) -> Result<[u8; 64], Vec<Problem>> {
    let mut markers = [0u8; 64];
    for item in list.split(',') {
        match Square::parse(item) {
            Some(s) => markers[s.index()] = markers[s.index()].saturating_add(1),
            None => {
                let span = if item.is_empty() {
                    Span::of(text, list)
                } else {
                    Span::of(text, item)
                };
                return Err(vec![Problem::syntax(
                    format!("`{item}` is not a portal square"),
                    span,
                )]);
            }
        }
    }
    Ok(markers)
}
