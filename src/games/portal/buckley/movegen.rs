//! Buckley's move generation: routes through the pair (§4.3), pieces resting on it
//! (§4.4), pawns (§4.5), portal moves and the black hole (§4.6-4.7), castling (§4.8),
//! attack with the black-hole threat (§4.9). Pseudo-legal routes are generated, the
//! same (from, to, promotion) reached by several routes is kept once (§4.10), and a move
//! is legal when the mover's king survives and is not attacked afterwards.

use super::position::{BuckleyMove, BuckleyPosition};
use crate::games::chess::bitboard::{self as bb, DIRECTIONS, bit, squares};
use crate::games::chess::types::{Color, MoveKind, Piece, Role, Square};

/// A route being traced: the piece's physical origin, and whether it used the pair.
struct Tracer<'a> {
    pos: &'a BuckleyPosition,
    us: Color,
    from: Square,
    out: &'a mut Vec<BuckleyMove>,
}

impl Tracer<'_> {
    fn add(&mut self, to: Square, via: Option<Square>, capture: Option<Square>, role: Role) {
        if to == self.from {
            return; // no move ends where it began (§4.3)
        }
        let last = to.relative_rank(self.us) == 7;
        if role == Role::Pawn && to.relative_rank(self.us) == 0 {
            return; // never onto the own first rank (§4.5)
        }
        let mut push = |kind| {
            self.out.push(BuckleyMove {
                from: self.from,
                to,
                kind,
                portal: false,
                via,
                capture,
            })
        };
        if role == Role::Pawn && last {
            Role::PROMOTIONS
                .into_iter()
                .for_each(|r| push(MoveKind::Promotion(r)));
        } else {
            push(MoveKind::Normal);
        }
    }

    /// What stepping onto `s` does: `Some((land, via, capture))` ends or passes there;
    /// `Err(())` means the step is not allowed. `Ok(None)` is an ordinary square.
    fn pair_step(&self, s: Square, used: bool) -> Result<Option<(Square, Option<Square>)>, ()> {
        if self.pos.pair() & bit(s) == 0 {
            return Ok(None);
        }
        if used {
            return Err(());
        }
        match self.pos.occupant() {
            Some((_, p)) if p.color == self.us => Err(()),
            Some((at, _)) => Ok(Some((self.pos.partner(s), Some(at)))),
            None => Ok(Some((self.pos.partner(s), None))),
        }
    }

    fn piece_at(&self, s: Square) -> Option<Piece> {
        if s == self.from {
            None
        } else {
            self.pos.board.piece_at(s)
        }
    }

    fn slide(&mut self, start: Square, d: (i8, i8), mut used: bool, role: Role) {
        let mut cur = start;
        let mut via = None;
        while let Some(next) = cur.offset(d.0, d.1) {
            match self.pair_step(next, used) {
                Err(()) => return,
                Ok(Some((land, Some(cap)))) => return self.add(land, Some(next), Some(cap), role),
                Ok(Some((land, None))) => {
                    used = true;
                    via = Some(next);
                    self.add(land, via, None, role);
                    cur = land;
                }
                Ok(None) => match self.piece_at(next) {
                    Some(p) if p.color == self.us => return,
                    Some(_) => return self.add(next, via, Some(next), role),
                    None => {
                        self.add(next, via, None, role);
                        cur = next;
                    }
                },
            }
        }
    }

    /// A one-square landing (knight, king, pawn step or capture).
    fn land(&mut self, s: Square, used: bool, role: Role, capture_only: bool, quiet_only: bool) {
        match self.pair_step(s, used) {
            Err(()) => {}
            Ok(Some((land, cap))) => {
                if (cap.is_some() && !quiet_only) || (cap.is_none() && !capture_only) {
                    self.add(land, Some(s), cap, role);
                }
            }
            Ok(None) => match self.piece_at(s) {
                Some(p) if p.color == self.us => {}
                Some(_) if !quiet_only => self.add(s, None, Some(s), role),
                None if !capture_only => self.add(s, None, None, role),
                _ => {}
            },
        }
    }

    fn piece(&mut self, role: Role, start: Square, used: bool) {
        match role {
            Role::Knight | Role::King => {
                let table = if role == Role::Knight {
                    &bb::KNIGHT
                } else {
                    &bb::KING
                };
                for s in squares(table[start.index()]) {
                    self.land(s, used, role, false, false);
                }
            }
            Role::Pawn => self.pawn(start, used),
            _ => {
                let dirs: &[(i8, i8)] = match role {
                    Role::Bishop => &DIRECTIONS[2..4],
                    Role::Rook => &DIRECTIONS[0..2],
                    _ => &DIRECTIONS[0..4],
                };
                for &d in dirs {
                    self.slide(start, d, used, role);
                    self.slide(start, (-d.0, -d.1), used, role);
                }
            }
        }
    }

    fn pawn(&mut self, start: Square, used: bool) {
        let f: i8 = if self.us == Color::White { 1 } else { -1 };
        if let Some(one) = start.offset(0, f) {
            self.land(one, used, Role::Pawn, false, true);
            let two = one.offset(0, f);
            let clear = |s: Square| {
                self.pos.pair() & bit(s) == 0 && self.pos.board.occupied() & bit(s) == 0
            };
            if start == self.from
                && start.relative_rank(self.us) == 1
                && self.pos.pair() & bit(start) == 0
                && clear(one)
                && let Some(two) = two.filter(|t| clear(*t))
            {
                self.add(two, None, None, Role::Pawn);
            }
        }
        for df in [-1, 1] {
            if let Some(s) = start.offset(df, f) {
                self.land(s, used, Role::Pawn, true, false);
            }
        }
    }
}

/// Every pseudo-legal piece route of `us` (castling, en passant and portal moves apart).
fn piece_routes(pos: &BuckleyPosition, us: Color) -> Vec<BuckleyMove> {
    let mut out = Vec::new();
    for from in squares(pos.board.by_color(us)) {
        let Some(p) = pos.board.piece_at(from) else {
            continue;
        };
        let on_pair = pos.pair() & bit(from) != 0;
        let mut t = Tracer {
            pos,
            us,
            from,
            out: &mut out,
        };
        t.piece(p.role, from, on_pair);
        if on_pair {
            t.piece(p.role, pos.partner(from), true);
        }
    }
    out
}

/// Does `by` attack the piece (or empty square) on `target`? Captures by any route, and
/// the black-hole threat (§4.9).
pub fn attacked(pos: &BuckleyPosition, target: Square, by: Color) -> bool {
    if !pos.fixed {
        let h = pos.own_portal(by.flip());
        if bb::KING[h.index()] & bit(pos.own_portal(by)) != 0
            && (bb::KING[h.index()] | bit(h)) & bit(target) != 0
        {
            return true;
        }
    }
    let mut probe = pos.clone();
    if probe.board.piece_at(target).is_none() {
        probe.board.put(target, Piece::new(by.flip(), Role::Knight));
    }
    piece_routes(&probe, by)
        .iter()
        .any(|m| m.capture == Some(target))
}

pub fn in_check(pos: &BuckleyPosition) -> bool {
    let us = pos.turn();
    bb::lowest(pos.board.pieces(us, Role::King)).is_some_and(|k| attacked(pos, k, us.flip()))
}

fn portal_moves(pos: &BuckleyPosition, out: &mut Vec<BuckleyMove>) {
    if pos.fixed {
        return;
    }
    let us = pos.turn();
    let (mine, other) = (pos.own_portal(us), pos.own_portal(us.flip()));
    for to in squares(bb::KING[mine.index()]) {
        if to != other
            && let Some(x) = pos.board.piece_at(to)
        {
            let bad_pawn = x.role == Role::Pawn && (other.rank() == 0 || other.rank() == 7);
            if pos.board.occupied() & bit(other) != 0 || bad_pawn {
                continue;
            }
        }
        out.push(BuckleyMove {
            from: mine,
            to,
            kind: MoveKind::Normal,
            portal: true,
            via: None,
            capture: None,
        });
    }
}

/// Orthodox castling, and neither portal on the king's square, the rook's, or between (§4.8).
fn castling(pos: &BuckleyPosition, out: &mut Vec<BuckleyMove>) {
    if in_check(pos) {
        return;
    }
    let them = pos.turn().flip();
    for (king, to) in crate::games::portal::castling::castlings(&pos.board, pos.pair(), |s| {
        attacked(pos, s, them)
    }) {
        out.push(BuckleyMove {
            from: king,
            to,
            kind: MoveKind::Castle,
            portal: false,
            via: None,
            capture: None,
        });
    }
}

fn en_passant(pos: &BuckleyPosition, out: &mut Vec<BuckleyMove>) {
    let Some(ep) = pos.board.ep_square() else {
        return;
    };
    let us = pos.turn();
    let victim = Square::new(ep.file(), if us == Color::White { 4 } else { 3 });
    for from in squares(bb::pawn_attacks(us.flip(), ep) & pos.board.pieces(us, Role::Pawn)) {
        out.push(BuckleyMove {
            from,
            to: ep,
            kind: MoveKind::EnPassant,
            portal: false,
            via: None,
            capture: Some(victim),
        });
    }
}

/// Every route of every pseudo-legal move, routes to the same result all listed.
pub fn routes(pos: &BuckleyPosition) -> Vec<BuckleyMove> {
    let mut out = piece_routes(pos, pos.turn());
    en_passant(pos, &mut out);
    castling(pos, &mut out);
    portal_moves(pos, &mut out);
    out
}

/// Is the move legal: the mover's king still exists and is not attacked afterwards?
pub fn is_legal(pos: &BuckleyPosition, m: BuckleyMove) -> bool {
    let us = pos.turn();
    let next = pos.after(m);
    bb::lowest(next.board.pieces(us, Role::King)).is_some_and(|k| !attacked(&next, k, us.flip()))
}

/// One move per result: the direct route if there is one, else the route whose entry
/// square comes first (a1, b1 … h8), as the notation prints it (§4.10, §5.3).
pub fn legal_moves(pos: &BuckleyPosition) -> Vec<BuckleyMove> {
    let mut all = routes(pos);
    all.sort_by_key(|m| (m.portal, m.from, m.to, m.kind, m.via.is_some(), m.via));
    all.dedup_by(|b, a| {
        !a.portal && !b.portal && a.from == b.from && a.to == b.to && a.kind == b.kind
    });
    all.retain(|&m| is_legal(pos, m));
    all
}

pub fn perft(pos: &BuckleyPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|&m| perft(&pos.after(m), depth - 1)).sum()
}
