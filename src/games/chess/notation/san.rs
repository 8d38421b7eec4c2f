//! Standard Algebraic Notation: reading a move as written (no position needed), resolving
//! it against a position, and printing a legal move canonically (minimal disambiguation,
//! `+` for check and `#` for mate).

use crate::core::{CommonRule, Problem, Rule, Span};
use crate::games::chess::ChessRule;
use crate::games::chess::bitboard::bit;
use crate::games::chess::movegen;
use crate::games::chess::position::Position;
use crate::games::chess::rules;
use crate::games::chess::types::{Move, MoveKind, Role, Square};

/// Which way a castling goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleSide {
    /// Short castling, `O-O`.
    King,
    /// Long castling, `O-O-O`.
    Queen,
}

/// A SAN move as written, before it is matched against a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum San {
    /// A piece or pawn move: `Nbd7`, `exd8=Q`.
    Normal {
        /// The piece that moves.
        role: Role,
        /// The origin's file (0 = `a`) when written to tell pieces apart.
        file: Option<u8>,
        /// The origin's rank (0 = `1`) when written.
        rank: Option<u8>,
        /// An `x` is written.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The piece a pawn promotes to.
        promotion: Option<Role>,
    },
    /// Castling.
    Castle(CastleSide),
}

/// A SAN token with its trailing marks: `+`/`#` and the `!`, `?` annotations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SanPlus {
    /// The move as written.
    pub san: San,
    /// Marked `+`.
    pub check: bool,
    /// Marked `#`.
    pub mate: bool,
}

fn syntax(text: &str, why: &str) -> Problem {
    Problem::syntax(
        format!("`{text}` is not a SAN move: {why}"),
        Span::new(0, text.len()),
    )
}

/// Read one SAN token (`Nbd7`, `exd8=Q+`, `O-O-O#`, `Qh4xe1`, `e8Q`, also `0-0`).
pub fn parse(text: &str) -> Result<SanPlus, Problem> {
    let body = text.trim_end_matches(['!', '?']);
    let mate = body.ends_with('#');
    let check = body.ends_with('+');
    let body = body.trim_end_matches(['+', '#']);
    if body.is_empty() {
        return Err(syntax(text, "it is empty"));
    }
    if !body.is_ascii() {
        return Err(syntax(
            text,
            "it has a character outside SAN's letters and digits",
        ));
    }
    let san = match body {
        "O-O" | "0-0" => San::Castle(CastleSide::King),
        "O-O-O" | "0-0-0" => San::Castle(CastleSide::Queen),
        _ => parse_normal(text, body)?,
    };
    Ok(SanPlus { san, check, mate })
}

fn parse_normal(text: &str, body: &str) -> Result<San, Problem> {
    let b = body.as_bytes();
    let (role, i) = match Role::from_upper(b[0] as char) {
        Some(Role::Pawn) => return Err(syntax(text, "the pawn has no letter in SAN")),
        Some(r) => (r, 1),
        None => (Role::Pawn, 0),
    };
    // The promotion, `=Q` or a bare trailing `Q`, comes off the end first.
    let mut end = b.len();
    let mut promotion = None;
    if end >= 2 && Role::from_upper(b[end - 1] as char).is_some() && role == Role::Pawn {
        promotion = Role::from_upper(b[end - 1] as char);
        end -= if b[end - 2] == b'=' { 2 } else { 1 };
        if !promotion.is_some_and(|r| Role::PROMOTIONS.contains(&r)) {
            return Err(syntax(text, "a pawn promotes to Q, R, B or N"));
        }
    }
    if end < i + 2 {
        return Err(syntax(text, "no destination square"));
    }
    let to =
        Square::parse(&body[end - 2..end]).ok_or_else(|| syntax(text, "no destination square"))?;
    let mut rest = &b[i..end - 2];
    let capture = rest.last() == Some(&b'x');
    if capture {
        rest = &rest[..rest.len() - 1];
    }
    let (mut file, mut rank) = (None, None);
    for &c in rest {
        match c {
            b'a'..=b'h' if file.is_none() && rank.is_none() => file = Some(c - b'a'),
            b'1'..=b'8' if rank.is_none() => rank = Some(c - b'1'),
            _ => return Err(syntax(text, "unexpected characters before the destination")),
        }
    }
    if role == Role::Pawn && ((rank.is_some() && file.is_none()) || (capture && file.is_none())) {
        return Err(syntax(
            text,
            "a pawn capture names the file it leaves (exd5, or e4xd5)",
        ));
    }
    Ok(San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

/// A move generator's sink that keeps the first legal move a SAN names and counts them.
struct Matching<'a> {
    san: &'a San,
    pos: &'a Position,
    first: Option<Move>,
    count: usize,
}

impl movegen::Sink for Matching<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        if self.san.matches(self.pos, m) {
            self.first.get_or_insert(m);
            self.count += 1;
        }
    }
}

impl San {
    #[inline]
    fn matches(&self, pos: &Position, m: Move) -> bool {
        match *self {
            San::Castle(side) => m.is_castle() && (m.to.file() == 6) == (side == CastleSide::King),
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                !m.is_castle()
                    && m.to == to
                    && pos.piece_at(m.from).is_some_and(|p| p.role == role)
                    && file
                        .or((role == Role::Pawn).then_some(to.file()))
                        .is_none_or(|f| m.from.file() == f)
                    && rank.is_none_or(|r| m.from.rank() == r)
                    && m.promotion() == promotion
            }
        }
    }

    /// The one legal move this names, or a problem: `IllegalMove`-family rules when none
    /// matches (with the reason, when one piece could be meant), `AmbiguousMove` when
    /// several do. Spans are relative to the token.
    pub fn resolve(&self, pos: &Position) -> Result<Move, Problem> {
        // the common case, one match, without a list of the legal moves
        let mut only = Matching {
            san: self,
            pos,
            first: None,
            count: 0,
        };
        match *self {
            San::Normal { role, to, .. } => movegen::generate_for(pos, role, bit(to), &mut only),
            San::Castle(_) => movegen::generate(pos, &mut only),
        }
        match (only.count, only.first) {
            (1, Some(m)) => return Ok(m),
            (0, _) => return Err(self.why_none(pos)),
            _ => {}
        }
        let found: Vec<Move> = movegen::legal_moves(pos)
            .into_iter()
            .filter(|&m| self.matches(pos, m))
            .collect();
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(self.why_none(pos)),
            _ => {
                let list: Vec<String> = found.iter().map(|&m| to_san(pos, m)).collect();
                Err(Problem::new(
                    CommonRule::AmbiguousMove,
                    format!("this names several legal moves: {}", list.join(", ")),
                    Span::default(),
                ))
            }
        }
    }

    /// The reason no legal move matches: the rule broken by the most plausible candidate.
    fn why_none(&self, pos: &Position) -> Problem {
        let us = pos.turn();
        let (from, to, promotion) = match *self {
            San::Castle(side) => {
                let rank = us.back_rank();
                (
                    pos.king(us),
                    Square::new(if side == CastleSide::King { 6 } else { 2 }, rank),
                    None,
                )
            }
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                capture,
            } => {
                // a pawn push never leaves its file
                let file = if role == Role::Pawn && !capture {
                    Some(to.file())
                } else {
                    file
                };
                let candidates = crate::games::chess::bitboard::squares(pos.pieces(us, role))
                    .filter(|s| {
                        file.is_none_or(|f| s.file() == f) && rank.is_none_or(|r| s.rank() == r)
                    });
                let mut best = None;
                for from in candidates {
                    let p = rules::why_illegal(pos, from, to, promotion);
                    // prefer a candidate whose only fault is legality, not its movement
                    let plausible = !matches!(
                        p.rule,
                        Rule::Common(CommonRule::IllegalMovement)
                            | Rule::Chess(ChessRule::PawnCaptureOnly)
                    );
                    if best.is_none() || plausible {
                        best = Some(p);
                        if plausible {
                            break;
                        }
                    }
                }
                return best.unwrap_or_else(|| {
                    Problem::new(
                        CommonRule::NoPiece,
                        format!("{} has no {:?} that could go to {to}", us.name(), role)
                            .to_lowercase(),
                        Span::default(),
                    )
                });
            }
        };
        rules::why_illegal(pos, from, to, promotion)
    }
}

/// SAN of a legal move, without check marks.
fn to_san(pos: &Position, m: Move) -> String {
    if m.kind == MoveKind::Castle {
        return if m.to.file() == 6 {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    let Some(piece) = pos.piece_at(m.from) else {
        return String::new();
    };
    let capture = pos.occupied() & bit(m.to) != 0 || m.kind == MoveKind::EnPassant;
    let mut s = String::new();
    if piece.role == Role::Pawn {
        if capture {
            s.push(m.from.file_char());
        }
    } else {
        s.push(piece.role.upper());
        s.push_str(&disambiguation(pos, m, piece.role));
    }
    if capture {
        s.push('x');
    }
    s.push_str(&m.to.to_string());
    if let Some(r) = m.promotion() {
        s.push('=');
        s.push(r.upper());
    }
    s
}

/// The least origin information that tells `m` apart from the other moves of the same
/// role to the same square: nothing, the file, the rank, or both.
fn disambiguation(pos: &Position, m: Move, role: Role) -> String {
    let rivals: Vec<Square> = movegen::legal_moves(pos)
        .into_iter()
        .filter(|o| {
            o.to == m.to && o.from != m.from && pos.piece_at(o.from).is_some_and(|p| p.role == role)
        })
        .map(|o| o.from)
        .collect();
    origin_hint(m.from, &rivals)
}

/// SAN's rule for telling a move from `from` apart from the same move by pieces on
/// `rivals`: nothing when there are none, else the file if that alone differs, else the
/// rank, else the whole square. Every chess-like notation here (the portal versions too)
/// disambiguates this way.
pub fn origin_hint(from: Square, rivals: &[Square]) -> String {
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|s| s.file() != from.file()) {
        from.file_char().to_string()
    } else if rivals.iter().all(|s| s.rank() != from.rank()) {
        from.rank_char().to_string()
    } else {
        from.to_string()
    }
}

/// SAN of a legal move with `+` or `#`.
pub fn move_text(pos: &Position, m: Move) -> String {
    let mut s = to_san(pos, m);
    let next = pos.after(m);
    if next.in_check() {
        s.push(if movegen::legal_moves(&next).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    s
}
