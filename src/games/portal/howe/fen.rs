//! The Howe position string (rules §6.3, validity §6.4):
//! `<A> <B> <next> <castling A>/<castling B> <ep A>/<ep B> <intents> <halfmove> <fullmove>`.
//! Each area is read with the chess core's FEN reader (syntax, castling, en passant), the
//! rest is checked here: one king per side over both boards, the intents, and that the
//! side that just moved is not in danger.

use super::movegen::mover_in_danger;
use super::position::{Area, HowePosition, Intent, PORTALS, mover, next_in_area, scheduled_area};
use crate::core::{CommonRule, Problem, Rule, Span};
use crate::games::chess::ChessRule;
use crate::games::chess::notation::fen;
use crate::games::chess::setup::Setup;
use crate::games::chess::types::{Color, Piece, Role, Square};
use crate::games::portal::PortalRule;

pub const START: &str = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR wA KQ/kq -/- - 0 1";

const PHASES: [&str; 4] = ["wA", "bB", "wB", "bA"];

/// The canonical position string.
pub fn to_string(pos: &HowePosition) -> String {
    let setups = Area::BOTH.map(|a| Setup::from_position(pos.area(a)));
    let castling = setups.each_ref().map(|s| {
        let f = fen::setup_to_fen(s);
        f.split(' ').nth(2).unwrap_or("-").to_string()
    });
    let ep = Area::BOTH.map(|a| {
        pos.area(a)
            .ep_square()
            .map_or("-".to_string(), |s| s.to_string())
    });
    format!(
        "{} {} {} {}/{} {}/{} {} {} {}",
        fen::board_fen(&setups[0]),
        fen::board_fen(&setups[1]),
        PHASES[pos.phase as usize],
        castling[0],
        castling[1],
        ep[0],
        ep[1],
        intents_text(pos),
        pos.halfmoves,
        pos.fullmoves
    )
}

fn intents_text(pos: &HowePosition) -> String {
    let items: Vec<String> = Color::BOTH
        .into_iter()
        .filter_map(|c| {
            pos.intent(c).map(|i| {
                format!(
                    "{}{}{}{}",
                    &c.name()[..1],
                    i.area.letter(),
                    i.square,
                    if i.void { "!" } else { "" }
                )
            })
        })
        .collect();
    if items.is_empty() {
        "-".into()
    } else {
        items.join(",")
    }
}

/// Read a position string; the first problem found.
pub fn parse(text: &str) -> Result<HowePosition, Problem> {
    parse_all(text).map_err(|mut ps| ps.remove(0))
}

fn field_pair<'a>(text: &'a str, field: &'a str, what: &str) -> Result<[&'a str; 2], Problem> {
    match field.split_once('/') {
        Some((a, b)) if !b.contains('/') => Ok([a, b]),
        _ => Err(Problem::syntax(
            format!("the {what} field is `<area A>/<area B>`, not `{field}`"),
            Span::of(text, field),
        )),
    }
}

/// Read a position string with every problem found (the danger of the side that just
/// moved only on an otherwise valid position).
pub fn parse_all(text: &str) -> Result<HowePosition, Vec<Problem>> {
    match read(text, false).map_err(|p| vec![p])? {
        (Some(pos), problems) if problems.is_empty() => Ok(pos),
        (_, problems) => Err(problems),
    }
}

/// Read a position string: its syntax problem (the error), or every rule it breaks with
/// the position, when it could be built. With `every`, the danger rule is judged wherever
/// each side has one king, whatever else is wrong.
pub(crate) fn read(
    text: &str,
    every: bool,
) -> Result<(Option<HowePosition>, Vec<Problem>), Problem> {
    let body = text.trim_start();
    let body = body.strip_prefix("howe:").unwrap_or(body);
    let f: Vec<&str> = body.split_ascii_whitespace().collect();
    if f.len() != 8 {
        let msg = format!(
            "a Howe position has 8 fields (two boards, next, castling, en passant, intents, counters), found {}",
            f.len()
        );
        return Err(Problem::syntax(msg, Span::new(0, text.len())));
    }
    let phase = PHASES.iter().position(|p| *p == f[2]).ok_or_else(|| {
        Problem::syntax(
            format!("`{}` is not the next ply: wA, bB, wB or bA", f[2]),
            Span::of(text, f[2]),
        )
    })? as u8;
    let castling = field_pair(text, f[3], "castling")?;
    let ep = field_pair(text, f[4], "en passant")?;
    let counter = |s: &str| {
        s.parse::<u32>()
            .map_err(|_| Problem::syntax(format!("`{s}` is not a move counter"), Span::of(text, s)))
    };
    let (halfmoves, fullmoves) = (counter(f[6])?, counter(f[7])?);
    let mut problems = Vec::new();
    let mut setups = Vec::new();
    for a in Area::BOTH {
        let i = a.index();
        match area_setup(text, f[i], castling[i], ep[i], next_in_area(phase, a)) {
            Ok((s, mut ps)) => {
                problems.append(&mut ps);
                setups.push(s);
            }
            Err(p) => return Err(p),
        }
    }
    let before_kings = problems.len();
    check_kings(text, &f, &setups, &mut problems);
    let kings_right = problems.len() == before_kings;
    let intents = parse_intents(text, f[5], phase, &mut problems)?;
    // go on to build a position only when every problem is wanted and the kings allow it
    let build_anyway = every && kings_right;
    if !problems.is_empty() && !build_anyway {
        return Ok((None, problems));
    }
    let areas = [setups[0].build(), setups[1].build()];
    let mut pos = HowePosition {
        areas,
        phase,
        intents,
        halfmoves,
        fullmoves: fullmoves.max(1),
    };
    pos.sync_turns();
    if mover_in_danger(&pos) {
        let them = mover((phase + 3) % 4);
        let msg = format!(
            "{}'s king is attacked and {} plays next in its area: the last ply left it in danger",
            them.name(),
            them.flip().name()
        );
        problems.push(Problem::new(
            PortalRule::KingInDanger,
            msg,
            Span::of(text, f[2]),
        ));
    }
    Ok((Some(pos), problems))
}

/// A Howe position string checked for its syntax only. It keeps the text it was read
/// from (the rules judge the two areas, the schedule and the intents together), and
/// prints it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoweSetup {
    text: String,
}

impl HoweSetup {
    /// Read a position string's syntax.
    pub(crate) fn read(text: &str) -> Result<HoweSetup, Problem> {
        read(text, true)?;
        Ok(HoweSetup {
            text: text.to_string(),
        })
    }

    /// The setup of a playable position.
    pub(crate) fn from_position(pos: &HowePosition) -> HoweSetup {
        HoweSetup {
            text: to_string(pos),
        }
    }

    /// The position string.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// The playable position, or every problem but the castling rights and en passant
    /// squares that `accept` lets drop.
    pub(crate) fn position(&self, accept: &[Rule]) -> Result<HowePosition, Vec<Problem>> {
        let (pos, mut problems) = read(&self.text, true).map_err(|p| vec![p])?;
        crate::games::portal::drop_accepted(&mut problems, accept);
        match pos {
            Some(pos) if problems.is_empty() => Ok(pos),
            _ => Err(problems),
        }
    }
}

/// One area as a chess setup, with the area's own problems (kings are judged over both).
fn area_setup(
    text: &str,
    board: &str,
    castling: &str,
    ep: &str,
    next: Color,
) -> Result<(Setup, Vec<Problem>), Problem> {
    let side = if next == Color::White { "w" } else { "b" };
    let synthetic = format!("{board} {side} {castling} {ep}");
    let at = Span::of(text, board).offset;
    let remap = |mut p: Problem| {
        p.span = if p.span.offset < board.len() {
            p.span.shifted(at)
        } else if p.rule == ChessRule::BadEnPassant || p.message.contains("en passant") {
            Span::of(text, ep)
        } else {
            Span::of(text, castling)
        };
        p
    };
    let setup = fen::parse_setup(&synthetic).map_err(remap)?;
    let problems = setup
        .board_problems()
        .into_iter()
        .filter(|p| p.rule != ChessRule::MissingKing && p.rule != CommonRule::TooManyKings)
        .map(remap)
        .collect();
    Ok((setup, problems))
}

fn check_kings(text: &str, f: &[&str], setups: &[Setup], problems: &mut Vec<Problem>) {
    for c in Color::BOTH {
        let king = Some(Piece::new(c, Role::King));
        let n: usize = setups
            .iter()
            .map(|s| s.board.iter().filter(|p| **p == king).count())
            .sum();
        if n != 1 {
            let msg = format!(
                "{} has {n} kings over the two areas; a side has exactly one",
                c.name()
            );
            let rule: Rule = if n == 0 {
                ChessRule::MissingKing.into()
            } else {
                CommonRule::TooManyKings.into()
            };
            problems.push(Problem::new(
                rule,
                msg,
                Span::of(text, f[0]).join(Span::of(text, f[1])),
            ));
        }
    }
}

/// The intents field: `-` or up to two items `<w|b><A|B><square>[!]`, one per side, each
/// on a portal square, each executed on its declarer's next ply (in the other area).
fn parse_intents(
    text: &str,
    field: &str,
    phase: u8,
    problems: &mut Vec<Problem>,
) -> Result<[Option<Intent>; 2], Problem> {
    let mut out = [None, None];
    if field == "-" {
        return Ok(out);
    }
    for item in field.split(',') {
        let span = Span::of(text, item);
        let b = item.as_bytes();
        let color = match b.first() {
            Some(b'w') => Color::White,
            Some(b'b') => Color::Black,
            _ => {
                return Err(Problem::syntax(
                    format!("`{item}` is not an intent: <w|b><A|B><square>[!], e.g. wAa4"),
                    span,
                ));
            }
        };
        let area = item.chars().nth(1).and_then(Area::from_letter);
        let (sq_text, void) = match item.get(2..) {
            Some(r) => r.strip_suffix('!').map_or((r, false), |s| (s, true)),
            None => ("", false),
        };
        let (Some(area), Some(square)) = (area, Square::parse(sq_text)) else {
            return Err(Problem::syntax(
                format!("`{item}` is not an intent: <w|b><A|B><square>[!], e.g. wAa4"),
                span,
            ));
        };
        if out[color.index()].is_some() {
            problems.push(Problem::new(
                PortalRule::TwoIntents,
                format!("{} has more than one intent", color.name()),
                span,
            ));
        }
        if PORTALS & (1u64 << square.0) == 0 {
            problems.push(Problem::new(
                PortalRule::IntentOffPortal,
                format!("{square} is not a portal square (a4, a5, h4, h5)"),
                span,
            ));
        }
        // the declarer's next ply executes it, so it is in the other area
        let next_ply = if mover(phase) == color {
            phase
        } else {
            (phase + 1) % 4
        };
        if scheduled_area(next_ply) == area {
            let msg = format!(
                "{}'s next ply is in area {}, where the declared piece stands; it must be in the other area",
                color.name(),
                area.letter()
            );
            problems.push(Problem::new(PortalRule::IntentOutOfTurn, msg, span));
        }
        out[color.index()] = Some(Intent { area, square, void });
    }
    Ok(out)
}
