//! Buckley's notation (rules §5.3): plain SAN; moves through the pair as
//! `[piece][disambiguation]<entry>→[x]<final>[=P]` (`Ra5→e7`, `de6→xh3`, `c6→h8=Q`);
//! portal moves `@e4-e5`, `@e4-e5→a5` (a piece teleported), `@b4-a5*` (black hole).

use super::movegen::{self, routes};
use super::position::{BuckleyMove, BuckleyPosition};
use crate::core::{CommonRule, Problem, Span};
use crate::games::chess::bitboard::{self as bb, bit};
use crate::games::chess::notation::san::{self, CastleSide, San};
use crate::games::chess::types::{MoveKind, Role, Square};
use crate::games::portal::PortalRule;
use crate::games::portal::arrow;

/// A Buckley move as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    Plain(San),
    /// Through the pair: piece, origin hints, entry square, final square, promotion.
    Through {
        role: Role,
        file: Option<u8>,
        rank: Option<u8>,
        entry: Square,
        to: Square,
        promotion: Option<Role>,
    },
    Portal {
        from: Option<Square>,
        to: Square,
    },
}

fn syntax(text: &str, why: &str) -> Problem {
    Problem::syntax(
        format!("`{text}` is not a Buckley move: {why}"),
        Span::new(0, text.len()),
    )
}

pub fn parse(text: &str) -> Result<Written, Problem> {
    if let Some((at, c)) = arrow::lookalike(text) {
        return Err(Problem::new(
            PortalRule::ArrowForm,
            format!("`{c}` is not the teleport arrow: write `→` (U+2192) or `->`"),
            Span::new(at, c.len_utf8()),
        ));
    }
    let body = text.trim_end_matches(['+', '#', '!', '?']);
    if let Some(rest) = body.strip_prefix('@') {
        let rest = rest
            .split(['→', '*'])
            .next()
            .unwrap_or("")
            .split("->")
            .next()
            .unwrap_or("");
        let (from, to) = match rest.split_once('-') {
            Some((f, t)) => (
                Some(Square::parse(f).ok_or_else(|| syntax(text, "bad portal square"))?),
                t,
            ),
            None => (None, rest),
        };
        let to = Square::parse(to)
            .ok_or_else(|| syntax(text, "a portal move is @<from>-<to> or @<to>"))?;
        return Ok(Written::Portal { from, to });
    }
    let Some((left, right, _, _)) = arrow::split(body) else {
        return Ok(Written::Plain(san::parse(text)?.san));
    };
    let (role, hints) = match left.chars().next().and_then(Role::from_upper) {
        Some(r) if r != Role::Pawn => (r, &left[1..]),
        _ => (Role::Pawn, left),
    };
    if hints.len() < 2 || !hints.is_ascii() {
        return Err(syntax(text, "no entry square before the arrow"));
    }
    let entry = Square::parse(&hints[hints.len() - 2..])
        .ok_or_else(|| syntax(text, "no entry square before the arrow"))?;
    let (mut file, mut rank) = (None, None);
    for c in hints[..hints.len() - 2].bytes() {
        match c {
            b'a'..=b'h' if file.is_none() => file = Some(c - b'a'),
            b'1'..=b'8' if rank.is_none() => rank = Some(c - b'1'),
            _ => {
                return Err(syntax(
                    text,
                    "unexpected characters before the entry square",
                ));
            }
        }
    }
    let right = right.strip_prefix('x').unwrap_or(right);
    let (sq, promo) = match right.split_once('=') {
        Some((s, p)) => (
            s,
            Some(
                p.chars()
                    .next()
                    .and_then(Role::from_upper)
                    .ok_or_else(|| syntax(text, "bad promotion"))?,
            ),
        ),
        None => (right, None),
    };
    let to = Square::parse(sq).ok_or_else(|| syntax(text, "no final square after the arrow"))?;
    Ok(Written::Through {
        role,
        file,
        rank,
        entry,
        to,
        promotion: promo,
    })
}

fn promotion_of(m: BuckleyMove) -> Option<Role> {
    match m.kind {
        MoveKind::Promotion(r) => Some(r),
        _ => None,
    }
}

impl Written {
    /// The legal move this names, or a problem naming the rule (span: the whole token).
    pub fn resolve(&self, pos: &BuckleyPosition, token: &str) -> Result<BuckleyMove, Problem> {
        let whole = Span::new(0, token.len());
        let legal = movegen::legal_moves(pos);
        let role_at = |s: Square| pos.board.piece_at(s).map(|p| p.role);
        let found: Vec<BuckleyMove> = match *self {
            Written::Portal { from, to } => legal
                .iter()
                .copied()
                .filter(|m| m.portal && m.to == to && from.is_none_or(|f| f == m.from))
                .collect(),
            Written::Plain(San::Castle(side)) => legal
                .iter()
                .copied()
                .filter(|m| {
                    m.kind == MoveKind::Castle && (m.to.file() == 6) == (side == CastleSide::King)
                })
                .collect(),
            Written::Plain(San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                capture,
            }) => legal
                .iter()
                .copied()
                .filter(|m| {
                    !m.portal
                        && m.via.is_none()
                        && m.kind != MoveKind::Castle
                        && m.to == to
                        && role_at(m.from) == Some(role)
                })
                .filter(|m| {
                    file.or((role == Role::Pawn && !capture).then_some(to.file()))
                        .is_none_or(|f| m.from.file() == f)
                })
                .filter(|m| {
                    rank.is_none_or(|r| m.from.rank() == r) && promotion_of(*m) == promotion
                })
                .collect(),
            Written::Through {
                role,
                file,
                rank,
                entry,
                to,
                promotion,
            } => {
                let routes: Vec<BuckleyMove> = routes(pos)
                    .into_iter()
                    .filter(|m| {
                        !m.portal
                            && m.via == Some(entry)
                            && m.to == to
                            && role_at(m.from) == Some(role)
                            && promotion_of(*m) == promotion
                    })
                    .filter(|m| {
                        file.is_none_or(|f| m.from.file() == f)
                            && rank.is_none_or(|r| m.from.rank() == r)
                    })
                    .collect();
                let mut out: Vec<BuckleyMove> = legal
                    .iter()
                    .copied()
                    .filter(|m| {
                        routes
                            .iter()
                            .any(|r| r.from == m.from && r.to == m.to && r.kind == m.kind)
                    })
                    .collect();
                out.dedup();
                out
            }
        };
        match found.len() {
            1 => Ok(found[0]),
            0 => Err(Problem {
                span: whole,
                ..why_illegal(pos, self)
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

/// The rule a written move breaks (the most telling one this reader can name).
fn why_illegal(pos: &BuckleyPosition, w: &Written) -> Problem {
    let p = |rule: crate::core::Rule, msg: String| Problem::new(rule, msg, Span::default());
    let us = pos.turn();
    match *w {
        Written::Portal { from, to } => {
            let mine = pos.own_portal(us);
            if pos.portals().2 {
                return p(
                    PortalRule::PortalsFixed.into(),
                    "after a black hole the portals are fixed and never move".into(),
                );
            }
            if from.is_some_and(|f| f != mine) {
                return p(
                    PortalRule::NotYourPortal.into(),
                    format!(
                        "{}'s portal stands on {mine}; a player moves only their own portal",
                        us.name()
                    ),
                );
            }
            if bb::KING[mine.index()] & bit(to) == 0 {
                return p(
                    PortalRule::PortalStep.into(),
                    format!(
                        "a portal moves one square in any direction, and {to} is not next to {mine}"
                    ),
                );
            }
            if to == pos.own_portal(us.flip()) {
                return p(
                    PortalRule::BlackHoleKillsOwnKing.into(),
                    "this black hole would swallow the mover's own king (or leave it attacked)"
                        .into(),
                );
            }
            if pos.board.occupied() & bit(pos.own_portal(us.flip())) != 0
                && pos.board.piece_at(to).is_some()
            {
                return p(
                    PortalRule::TeleportBlocked.into(),
                    format!(
                        "the piece on {to} would be sent to {}, which is not empty",
                        pos.own_portal(us.flip())
                    ),
                );
            }
            p(
                CommonRule::SelfCheck.into(),
                "this portal move would leave the mover's king attacked".into(),
            )
        }
        Written::Through { entry, .. } if pos.pair() & bit(entry) == 0 => p(
            PortalRule::NotAPortal.into(),
            format!("the arrow goes through the pair, but {entry} is not a portal square"),
        ),
        Written::Plain(San::Castle(_))
            if pos.pair() & (bb::RANK_1 << (8 * us.back_rank())) != 0 =>
        {
            p(
                PortalRule::CastlingAcrossPortal.into(),
                "castling is illegal with a portal on the king's, the rook's or a square between"
                    .into(),
            )
        }
        Written::Plain(San::Normal {
            role: Role::Pawn,
            capture: false,
            to,
            ..
        }) if to.relative_rank(us) == 3
            && pos.pair()
                & (bit(to)
                    | to.offset(
                        0,
                        if us == crate::games::chess::Color::White {
                            -1
                        } else {
                            1
                        },
                    )
                    .map_or(0, bit))
                != 0 =>
        {
            p(
                PortalRule::DoubleStepThroughPortal.into(),
                format!(
                    "a pawn's double step may not use a portal square, and one lies on its way to {to}"
                ),
            )
        }
        Written::Plain(San::Normal { to, .. }) if pos.pair() & bit(to) != 0 => p(
            PortalRule::PortalEntryNeedsArrow.into(),
            format!(
                "{to} is a portal square: a move onto it goes through the pair, so write <entry>→<final square>"
            ),
        ),
        _ => p(
            CommonRule::IllegalMove.into(),
            format!("no legal move of {} matches this", us.name()),
        ),
    }
}

/// The move without disambiguation or check mark.
fn base_text(pos: &BuckleyPosition, m: BuckleyMove, ascii: bool) -> String {
    let arrow = if ascii { "->" } else { "→" };
    if m.portal {
        let other = pos.own_portal(pos.turn().flip());
        let tail = if m.to == other {
            "*".to_string()
        } else if pos.board.piece_at(m.to).is_some() {
            format!("{arrow}{other}")
        } else {
            String::new()
        };
        return format!("@{}-{}{tail}", m.from, m.to);
    }
    if m.kind == MoveKind::Castle {
        return if m.to.file() == 6 {
            "O-O".into()
        } else {
            "O-O-O".into()
        };
    }
    let role = pos.board.piece_at(m.from).map_or(Role::Pawn, |p| p.role);
    let mut s = String::new();
    if role != Role::Pawn {
        s.push(role.upper());
    } else if m.capture.is_some() {
        s.push(m.from.file_char());
    }
    match m.via {
        Some(entry) => {
            s.push_str(&format!("{entry}{arrow}"));
            if m.capture.is_some() {
                s.push('x');
            }
        }
        None if m.capture.is_some() => s.push('x'),
        // a pawn stepping from the partner square names its physical origin (`a5e3`)
        None if role == Role::Pawn && m.from.file() != m.to.file() => {
            s.push_str(&m.from.to_string())
        }
        None => {}
    }
    s.push_str(&m.to.to_string());
    if let Some(r) = promotion_of(m) {
        s.push('=');
        s.push(r.upper());
    }
    s
}

/// Canonical text with SAN disambiguation and `+`/`#` by Buckley's check rule.
pub fn move_text(pos: &BuckleyPosition, m: BuckleyMove, ascii: bool) -> String {
    let base = base_text(pos, m, ascii);
    let mut s = base.clone();
    if !m.portal && m.kind != MoveKind::Castle {
        let role = pos.board.piece_at(m.from).map(|p| p.role);
        let rivals: Vec<Square> = movegen::legal_moves(pos)
            .into_iter()
            .filter(|o| {
                o.from != m.from && !o.portal && pos.board.piece_at(o.from).map(|p| p.role) == role
            })
            .filter(|o| base_text(pos, *o, ascii) == base)
            .map(|o| o.from)
            .collect();
        if !rivals.is_empty() {
            if role == Some(Role::Pawn) {
                s = format!("{}{}", m.from, &base[1..]);
            } else {
                s.insert_str(
                    1,
                    &crate::games::chess::notation::san::origin_hint(m.from, &rivals),
                );
            }
        }
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
