//! KI2's relative words: 右 左 直 (which piece) and 上 引 寄 (which way it moves).
//!
//! Conventions followed (those of the Japan Shogi Association's notation rules, as current
//! software writes them): a movement word alone when it singles the piece out; else `直`
//! for a piece moving straight forward (never for a horse or dragon); else `右`/`左` alone
//! (the piece furthest right/left *from the mover's side of the board*); else both, the
//! side word first (`左上`). Reading applies the words as filters in the reverse order.

use crate::games::shogi::types::{Color, Kind, Square};

/// `右`, `左` or `直`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Right,
    Left,
    Straight,
}

/// `上`, `引` or `寄`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    Up,
    Back,
    Sideways,
}

/// The relative words of one KI2 move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Words {
    pub side: Option<Side>,
    pub motion: Option<Motion>,
}

impl Words {
    pub fn is_empty(&self) -> bool {
        self.side.is_none() && self.motion.is_none()
    }
    /// Canonical text: side word first.
    pub fn text(&self) -> String {
        let mut s = String::new();
        if let Some(side) = self.side {
            s.push(match side {
                Side::Right => '右',
                Side::Left => '左',
                Side::Straight => '直',
            });
        }
        if let Some(m) = self.motion {
            s.push(match m {
                Motion::Up => '上',
                Motion::Back => '引',
                Motion::Sideways => '寄',
            });
        }
        s
    }
    /// Add one written word; `false` if it clashes with one already there.
    pub fn add(&mut self, c: char) -> bool {
        let (side, motion) = match c {
            '右' => (Some(Side::Right), None),
            '左' => (Some(Side::Left), None),
            '直' => (Some(Side::Straight), None),
            '上' => (None, Some(Motion::Up)),
            '引' => (None, Some(Motion::Back)),
            '寄' => (None, Some(Motion::Sideways)),
            _ => return false,
        };
        if (side.is_some() && self.side.is_some()) || (motion.is_some() && self.motion.is_some()) {
            return false;
        }
        if side == Some(Side::Straight) && self.motion.is_some()
            || motion.is_some() && self.side == Some(Side::Straight)
        {
            return false;
        }
        self.side = self.side.or(side);
        self.motion = self.motion.or(motion);
        true
    }
}

/// Which way a piece moving `from` → `to` goes, seen by `color`.
pub fn motion(from: Square, to: Square, color: Color) -> Motion {
    let forward = from.relative_rank(color) as i32 - to.relative_rank(color) as i32;
    match forward {
        f if f > 0 => Motion::Up,
        f if f < 0 => Motion::Back,
        _ => Motion::Sideways,
    }
}

/// How far right a square is for `color` (Black's right is file 1, White's is file 9).
fn rightness(sq: Square, color: Color) -> i32 {
    match color {
        Color::Black => 10 - sq.file() as i32,
        Color::White => sq.file() as i32,
    }
}

/// The origins among `origins` that the words allow.
///
/// `右`/`左` of a step piece (gold, silver, knight, promoted minor pieces) say on which side
/// of the destination the piece stood; of a ranging piece (horse, dragon, rook, bishop,
/// lance) they say which of the candidates stands furthest that way.
pub fn select(
    origins: &[Square],
    to: Square,
    color: Color,
    kind: Kind,
    words: Words,
) -> Vec<Square> {
    let mut c: Vec<Square> = origins.to_vec();
    if let Some(m) = words.motion {
        c.retain(|&s| motion(s, to, color) == m);
    }
    let ranging = matches!(
        kind,
        Kind::Horse | Kind::Dragon | Kind::Rook | Kind::Bishop | Kind::Lance
    );
    match words.side {
        None => {}
        Some(Side::Straight) => {
            c.retain(|&s| s.file() == to.file() && motion(s, to, color) == Motion::Up)
        }
        Some(side) => {
            let score = |s: Square| {
                if side == Side::Right {
                    rightness(s, color)
                } else {
                    -rightness(s, color)
                }
            };
            if ranging {
                if let Some(best) = c.iter().map(|&s| score(s)).max() {
                    c.retain(|&s| score(s) == best);
                }
            } else {
                c.retain(|&s| score(s) > score(to));
            }
        }
    }
    c
}

/// The fewest words that single out `from` among `origins` (all able to reach `to`).
pub fn choose(origins: &[Square], from: Square, to: Square, color: Color, kind: Kind) -> Words {
    if origins.len() <= 1 {
        return Words::default();
    }
    let m = motion(from, to, color);
    // 直 is for step pieces; the ranging ones are told apart by motion and side alone
    let ranged = matches!(kind, Kind::Horse | Kind::Dragon | Kind::Rook | Kind::Bishop);
    let mut tries = vec![Words {
        side: None,
        motion: Some(m),
    }];
    if !ranged {
        tries.push(Words {
            side: Some(Side::Straight),
            motion: None,
        });
    }
    for side in [Side::Right, Side::Left] {
        tries.push(Words {
            side: Some(side),
            motion: None,
        });
    }
    for side in [Side::Right, Side::Left] {
        tries.push(Words {
            side: Some(side),
            motion: Some(m),
        });
    }
    tries
        .into_iter()
        .find(|w| select(origins, to, color, kind, *w) == [from])
        .unwrap_or(Words {
            side: None,
            motion: Some(m),
        })
}
