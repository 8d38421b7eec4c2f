//! Hidden's move notation (rules §5.1-5.2): orthodox SAN, and teleports written as the
//! attacking move onto the entry, an arrow, and the exit: `fxg4→c4`, `Nxe5→h3`, `Kxd2→a6+`.
//! Readers also accept `->`, the entry without `x`, and long forms (`f3xg4→c4`).

use super::movegen;
use super::position::{HiddenMove, HiddenPosition};
use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::bitboard::bit;
use crate::games::chess::notation::san::{self, CastleSide, San};
use crate::games::chess::types::{MoveKind, Role, Square};
use crate::games::portal::PortalRule;
use crate::games::portal::arrow;

/// A Hidden move as written: the SAN part and, for a teleport, the exit square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    pub san: San,
    pub exit: Option<Square>,
    pub mate: bool,
    /// Byte span of the exit square within the token, for diagnostics.
    pub exit_span: Span,
}

/// Read one move token (syntax only).
pub fn parse(text: &str) -> Result<Written, Problem> {
    if let Some((at, c)) = arrow::lookalike(text) {
        let msg = format!("`{c}` is not the teleport arrow: write `→` (U+2192) or `->`");
        return Err(Problem::new(
            PortalRule::ArrowForm,
            msg,
            Span::new(at, c.len_utf8()),
        ));
    }
    let Some((entry, rest, at, len)) = arrow::split(text) else {
        let s = san::parse(text)?;
        return Ok(Written {
            san: s.san,
            exit: None,
            mate: s.mate,
            exit_span: Span::default(),
        });
    };
    let marks = rest.trim_end_matches(['+', '#', '!', '?']);
    let exit_span = Span::new(at + len, marks.len());
    let exit = Square::parse(marks)
        .ok_or_else(|| Problem::syntax(format!("`{marks}` is not an exit square"), exit_span))?;
    let s = san::parse(entry).map_err(|p| Problem {
        span: Span::new(0, entry.len()),
        ..p
    })?;
    if matches!(s.san, San::Castle(_)) {
        return Err(Problem::new(
            PortalRule::CastlingEntersNoPortal,
            "castling never enters a portal",
            Span::new(0, text.len()),
        ));
    }
    Ok(Written {
        san: s.san,
        exit: Some(exit),
        mate: rest.contains('#'),
        exit_span,
    })
}

impl Written {
    fn matches(&self, pos: &HiddenPosition, m: HiddenMove) -> bool {
        if m.exit != self.exit {
            return false;
        }
        match self.san {
            San::Castle(side) => {
                m.kind == MoveKind::Castle && (m.to.file() == 6) == (side == CastleSide::King)
            }
            San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                let pawn_push = role == Role::Pawn && file.is_none();
                m.kind != MoveKind::Castle
                    && m.to == to
                    && pos.board.piece_at(m.from).is_some_and(|p| p.role == role)
                    && file
                        .or(pawn_push.then_some(to.file()))
                        .is_none_or(|f| m.from.file() == f)
                    && rank.is_none_or(|r| m.from.rank() == r)
                    && promotion_of(m) == promotion
            }
        }
    }

    /// The legal move this names, or a problem naming the rule (span relative to the token).
    pub fn resolve(&self, pos: &HiddenPosition, token: &str) -> Result<HiddenMove, Problem> {
        let found: Vec<HiddenMove> = movegen::legal_moves(pos)
            .into_iter()
            .filter(|&m| self.matches(pos, m))
            .collect();
        let whole = Span::new(0, token.len());
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(Problem {
                span: whole,
                ..super::validate::why_illegal(pos, self)
            }),
            _ => {
                let list: Vec<String> = found.iter().map(|&m| move_text(pos, m, false)).collect();
                Err(Problem::new(
                    CommonRule::AmbiguousMove,
                    format!("this names several legal moves: {}", list.join(", ")),
                    whole,
                ))
            }
        }
    }
}

fn promotion_of(m: HiddenMove) -> Option<Role> {
    match m.kind {
        MoveKind::Promotion(r) => Some(r),
        _ => None,
    }
}

/// The move without disambiguation or check mark.
fn base_text(pos: &HiddenPosition, m: HiddenMove, ascii: bool) -> String {
    if m.kind == MoveKind::Castle {
        return if m.to.file() == 6 {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    let Some(piece) = pos.board.piece_at(m.from) else {
        return String::new();
    };
    let capture =
        m.exit.is_some() || pos.board.occupied() & bit(m.to) != 0 || m.kind == MoveKind::EnPassant;
    let mut s = String::new();
    if piece.role != Role::Pawn {
        s.push(piece.role.upper());
    } else if capture {
        s.push(m.from.file_char());
    }
    if capture {
        s.push('x');
    }
    s.push_str(&m.to.to_string());
    if let Some(r) = promotion_of(m) {
        s.push('=');
        s.push(r.upper());
    }
    if let Some(e) = m.exit {
        s.push_str(if ascii { "->" } else { "→" });
        s.push_str(&e.to_string());
    }
    s
}

/// Canonical text of a legal move: SAN method of disambiguation among moves of the same
/// piece type that would print the same, then `+` or `#` by Hidden's own check rule.
pub fn move_text(pos: &HiddenPosition, m: HiddenMove, ascii: bool) -> String {
    let base = base_text(pos, m, ascii);
    let role = pos.board.piece_at(m.from).map(|p| p.role);
    let rivals: Vec<Square> = movegen::legal_moves(pos)
        .into_iter()
        .filter(|o| o.from != m.from && o.to == m.to && o.exit == m.exit && o.kind == m.kind)
        .filter(|o| pos.board.piece_at(o.from).map(|p| p.role) == role && role != Some(Role::Pawn))
        .map(|o| o.from)
        .collect();
    let mut s = base.clone();
    if !rivals.is_empty() {
        s.insert_str(
            1,
            &crate::games::chess::notation::san::origin_hint(m.from, &rivals),
        );
    }
    let next = pos.after(m);
    if movegen::in_check(&next) {
        s.push(if movegen::legal_moves(&next).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    s
}
