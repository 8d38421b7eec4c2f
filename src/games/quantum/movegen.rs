//! Move generation (§5–§10): every distinct result of the side to move, optionally with the
//! canonical notation of each, and perft.
//!
//! Moves are identified by their result (§10), so generation yields positions; a Skipper's
//! chains are explored as a search over chain states (see `chains`), never by listing paths
//! (§20), because a chain may loop (§6.2 rule 4).

use super::chains::skipper_moves;
use super::geometry::{Dir, Point};
use super::moves::{Move, action_text};
use super::position::{FnvBuild, Position};
use super::types::Cell;
use std::collections::HashMap;

pub use super::chains::jump_effect;

/// One distinct legal move: its result and, when asked for, its canonical notation.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The move in compact form; of several moves with this result, the least.
    pub mv: Move,
    /// The position after the move.
    pub result: Position,
    /// Canonical short form without the `#` end mark (empty when text was not asked for).
    pub text: String,
    /// Points whose pieces were removed, in order; `true` marks a captured Absorber.
    pub removed: Vec<(Point, bool)>,
    /// The move fired a cannon, whose projectile leaves the game (A17).
    pub projectile: bool,
    /// Absorbers this move captured.
    pub absorbers: u32,
}

impl Generated {
    /// A capturing move removes some piece other than its own projectile (E3, A23).
    pub fn is_capture(&self, before: &Position) -> bool {
        before.pieces() - self.result.pieces() > u32::from(self.projectile)
    }
}

/// Collects candidate moves, keeping one per result: the one with the smallest text.
/// Results are found by their 64-bit key and then compared in full, so a key collision can
/// never merge two different moves.
pub(super) struct Sink {
    pub(super) want_text: bool,
    first_with_key: HashMap<u64, usize, FnvBuild>,
    keys: Vec<u64>,
    moves: Vec<Generated>,
}

impl Sink {
    fn new(want_text: bool) -> Sink {
        Sink {
            want_text,
            first_with_key: HashMap::default(),
            keys: Vec::new(),
            moves: Vec::new(),
        }
    }

    fn find(&self, key: u64, result: &Position) -> Option<usize> {
        let first = *self.first_with_key.get(&key)?;
        (first..self.moves.len()).find(|&i| self.keys[i] == key && self.moves[i].result == *result)
    }

    /// Keep one move per result, the same one with or without text: the least compact form
    /// (and the smallest text, §10).
    pub(super) fn push(&mut self, g: Generated) {
        let key = g.result.key();
        match self.find(key, &g.result) {
            Some(i) => {
                let old = &mut self.moves[i];
                let mv = old.mv.min(g.mv);
                if self.want_text && (g.text.len(), &g.text) < (old.text.len(), &old.text) {
                    *old = g;
                }
                old.mv = mv;
            }
            None => {
                self.first_with_key.entry(key).or_insert(self.moves.len());
                self.keys.push(key);
                self.moves.push(g);
            }
        }
    }
}

/// Every distinct legal move with its canonical notation, sorted by that text (ASCII).
pub fn legal_moves(pos: &Position) -> Vec<Generated> {
    let mut moves = generate(pos, true);
    moves.sort_by(|a, b| a.text.cmp(&b.text));
    moves
}

/// Every distinct legal move, without notation (fast; for perft and searches).
pub fn results(pos: &Position) -> Vec<Generated> {
    generate(pos, false)
}

fn generate(pos: &Position, want_text: bool) -> Vec<Generated> {
    let mut sink = Sink::new(want_text);
    let me = pos.side;
    for p in 0..pos.geo.len() as Point {
        match pos.at(p) {
            Cell::Skipper(s) if s == me => skipper_moves(pos, p, &mut sink),
            Cell::Liner(s) if s == me => liner_moves(pos, p, &mut sink),
            Cell::Charger(s) if s == me => charger_shots(pos, p, &mut sink),
            Cell::Absorber if pos.locked != Some(p) => absorber_steps(pos, p, &mut sink),
            _ => {}
        }
    }
    sink.moves
}

/// The result position: new cells, the turn handed over, captured Absorbers added.
pub(super) fn result_of(
    pos: &Position,
    cells: Vec<Cell>,
    absorbers: u32,
    locked: Option<Point>,
) -> Position {
    let mut r = Position {
        geo: pos.geo,
        cells,
        side: pos.side,
        captured: pos.captured,
        locked: pos.locked,
        fullmove: pos.fullmove,
    };
    r.captured[pos.side.index()] += absorbers;
    r.finish_turn(locked);
    r
}

// ---------------------------------------------------------------- Liner slides (§7)

/// Where a slide ends (§7 steps 1–6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlideEnd {
    /// Stopped on an empty point (edge, Absorber or own Charger ahead).
    Stop(Point),
    /// Captured the opponent piece on this point and stopped there.
    Capture(Point),
    /// Landed on an own Skipper: a Charger now.
    Charge(Point),
    /// Landed on an own Liner: an Accelerator that must fire.
    Accelerate(Point),
}

impl SlideEnd {
    pub fn point(self) -> Point {
        match self {
            SlideEnd::Stop(p)
            | SlideEnd::Capture(p)
            | SlideEnd::Charge(p)
            | SlideEnd::Accelerate(p) => p,
        }
    }
}

/// The slide of the Liner on `from` in direction `d`; `None` when it would not leave `from` (A11).
pub fn slide(pos: &Position, from: Point, d: Dir) -> Option<SlideEnd> {
    let me = pos.side;
    let mut cur = from;
    while let Some(n) = pos.geo.step(cur, d) {
        match pos.at(n) {
            Cell::Empty => cur = n,
            Cell::Absorber | Cell::Charger(_) if pos.at(n).side() != Some(me.other()) => break,
            Cell::Skipper(s) if s == me => return Some(SlideEnd::Charge(n)),
            Cell::Liner(s) if s == me => return Some(SlideEnd::Accelerate(n)),
            _ => return Some(SlideEnd::Capture(n)),
        }
    }
    (cur != from).then_some(SlideEnd::Stop(cur))
}

fn liner_moves(pos: &Position, from: Point, sink: &mut Sink) {
    for dir in Dir::ALL {
        match slide(pos, from, dir) {
            None => {}
            Some(SlideEnd::Accelerate(_)) => {
                for fire in Dir::ALL {
                    push_action(
                        pos,
                        Move::Slide {
                            from,
                            dir,
                            fire: Some(fire),
                        },
                        sink,
                    );
                }
            }
            Some(_) => push_action(
                pos,
                Move::Slide {
                    from,
                    dir,
                    fire: None,
                },
                sink,
            ),
        }
    }
}

/// A slide, shot or step handed to the sink (with its text when asked for), if possible.
fn push_action(pos: &Position, mv: Move, sink: &mut Sink) {
    if let Some(mut g) = play_action(pos, mv) {
        if sink.want_text {
            g.text = action_text(pos, mv).unwrap_or_default();
        }
        sink.push(g);
    }
}

/// The move `mv` (a slide, shot or step) played in `pos`, without text; `None` when it is
/// not possible there (or is a chain, whose effect is built jump by jump).
pub(super) fn play_action(pos: &Position, mv: Move) -> Option<Generated> {
    let me = pos.side;
    let mut cells = pos.cells.clone();
    let plain = |cells: Vec<Cell>, removed: Vec<(Point, bool)>, locked: Option<Point>| Generated {
        mv,
        result: result_of(pos, cells, 0, locked),
        text: String::new(),
        removed,
        projectile: false,
        absorbers: 0,
    };
    match mv {
        Move::Step { from, to } => {
            let ok = pos.at(from) == Cell::Absorber
                && pos.locked != Some(from)
                && pos.at(to) == Cell::Empty;
            if !ok || pos.geo.line_between(from, to).is_none_or(|(_, n)| n != 1) {
                return None;
            }
            cells[from as usize] = Cell::Empty;
            cells[to as usize] = Cell::Absorber;
            Some(plain(cells, Vec::new(), Some(to)))
        }
        Move::Shot { at, dir } => {
            if pos.at(at) != Cell::Charger(me) {
                return None;
            }
            cells[at as usize] = Cell::Skipper(me);
            shot(pos, cells, at, dir, mv)
        }
        Move::Slide { from, dir, fire } => {
            if pos.at(from) != Cell::Liner(me) {
                return None;
            }
            cells[from as usize] = Cell::Empty;
            match (slide(pos, from, dir)?, fire) {
                (SlideEnd::Stop(p), None) => {
                    cells[p as usize] = Cell::Liner(me);
                    Some(plain(cells, Vec::new(), None))
                }
                (SlideEnd::Capture(p), None) => {
                    cells[p as usize] = Cell::Liner(me);
                    Some(plain(cells, vec![(p, false)], None))
                }
                (SlideEnd::Charge(p), None) => {
                    cells[p as usize] = Cell::Charger(me);
                    Some(plain(cells, Vec::new(), None))
                }
                (SlideEnd::Accelerate(p), Some(d)) => shot(pos, cells, p, d, mv),
                _ => None,
            }
        }
        Move::Chain { .. } => None,
    }
}

// ---------------------------------------------------------------- cannons (§8)

/// The flight of a projectile from `f` in direction `d` over `cells` (§8.2): removes what it
/// hits, returning the removed points in order (`true` for an Absorber).
pub fn flight(pos: &Position, cells: &mut [Cell], f: Point, d: Dir) -> Vec<(Point, bool)> {
    let mut removed = Vec::new();
    let mut taken = false;
    let mut p = pos.geo.step(f, d);
    while let Some(at) = p {
        let hit = cells[at as usize];
        if hit != Cell::Empty {
            cells[at as usize] = Cell::Empty;
            removed.push((at, hit == Cell::Absorber));
            if taken {
                break;
            }
            taken = hit == Cell::Absorber;
        }
        p = pos.geo.step(at, d);
    }
    removed
}

/// A cannon fired from `f` (whose remaining bottom piece is already in `cells`), or `None`
/// when there is no point ahead (A14).
fn shot(pos: &Position, mut cells: Vec<Cell>, f: Point, d: Dir, mv: Move) -> Option<Generated> {
    pos.geo.step(f, d)?;
    let removed = flight(pos, &mut cells, f, d);
    let absorbers = removed.iter().filter(|r| r.1).count() as u32;
    let result = result_of(pos, cells, absorbers, None);
    Some(Generated {
        mv,
        result,
        text: String::new(),
        removed,
        projectile: true,
        absorbers,
    })
}

fn charger_shots(pos: &Position, at: Point, sink: &mut Sink) {
    for dir in Dir::ALL {
        push_action(pos, Move::Shot { at, dir }, sink);
    }
}

// ---------------------------------------------------------------- Absorber steps (§9)

fn absorber_steps(pos: &Position, from: Point, sink: &mut Sink) {
    for d in Dir::ALL {
        if let Some(to) = pos.geo.step(from, d) {
            push_action(pos, Move::Step { from, to }, sink);
        }
    }
}

// ---------------------------------------------------------------- perft

/// Move sequences of length `depth`, counting distinct moves per node; a node whose game has
/// ended contributes nothing (§19).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = results(pos);
    if super::ending::status_with(pos, &moves).is_over() {
        return 0;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|m| perft(&m.result, depth - 1)).sum()
}
