//! QMN move syntax (§14). The reader checks only the shape of a move; whether the points are
//! on the board and what the move does is decided against a position by `rules`.

use super::point::{Expected, In, Parsed, PointText, expect, failure, point, span_of};
use crate::core::{Problem, Span};
use crate::games::quantum::geometry::Dir;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, take};
use nom::character::complete::{char, one_of};
use nom::combinator::{consumed, map, opt};
use nom::multi::{many1, separated_list1};
use nom::sequence::preceded;

/// One jump of a chain as written: its mark and landing point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct JumpText {
    pub mark: char,
    pub mark_span: Span,
    pub to: PointText,
}

/// A direction as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DirText {
    #[serde(serialize_with = "dir_name")]
    pub dir: Dir,
    /// The span of `@DIR`, mark included.
    pub span: Span,
    /// Written in upper case, as strict mode requires (§14).
    pub upper: bool,
}

fn dir_name<S: serde::Serializer>(d: &Dir, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(d.name())
}

/// The action of a move (§14 table).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// A Skipper's chain of jumps.
    Chain {
        /// Where it starts.
        start: PointText,
        /// Each jump.
        jumps: Vec<JumpText>,
    },
    /// A Liner's or Charger's slide.
    Slide {
        /// Where it starts.
        from: PointText,
        /// Where it ends.
        to: PointText,
        /// The capture mark `x`.
        capture: Option<Span>,
        /// The charge mark `=`.
        charge: Option<Span>,
        /// The cannon fired at the end, if any.
        fire: Option<DirText>,
    },
    /// A Charger's shot without moving.
    Shot {
        /// The Charger.
        at: PointText,
        /// Where it fires.
        fire: DirText,
    },
    /// An Absorber's step.
    Step {
        /// Where it starts.
        from: PointText,
        /// Where it ends.
        to: PointText,
    },
}

/// A removed point of the long-form tail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RemovedText {
    pub point: PointText,
    pub absorber: bool,
}

/// A whole move token.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveText {
    /// What the move does.
    pub action: Action,
    /// The `;x…` tail and its span.
    pub removals: Option<(Vec<RemovedText>, Span)>,
    /// The `#` end mark.
    pub end_mark: Option<Span>,
    /// Where the token stands in the text.
    pub span: Span,
}

/// Read one move token; `offset` is where `text` starts in the whole source (for spans).
pub fn parse_move(text: &str, offset: usize) -> Result<MoveText, Problem> {
    let (rest, (action, removals, end_mark)) = (action, opt(removals), opt(consumed(char('#'))))
        .parse(In::new(text))
        .map_err(|e| failure(e, text).shifted(offset))?;
    if !rest.fragment().is_empty() {
        let span = span_of(rest).shifted(offset);
        return Err(Problem::syntax(
            format!("unexpected `{}` in a move", rest.fragment()),
            span,
        ));
    }
    let end_mark = end_mark.map(|(t, _)| span_of(t).shifted(offset));
    let mut m = MoveText {
        action,
        removals,
        end_mark,
        span: Span::new(offset, text.len()),
    };
    shift_move(&mut m, offset);
    Ok(m)
}

const A_POINT: &str = "a point such as `d4`";

fn action(i: In<'_>) -> Parsed<'_, Action> {
    if let Ok((i, _)) = char::<_, Expected>('X').parse(i) {
        let (i, from) = expect(A_POINT, point).parse(i)?;
        let (i, _) = expect("`-` in an Absorber step", char('-')).parse(i)?;
        let (i, to) = expect(A_POINT, point).parse(i)?;
        return Ok((i, Action::Step { from, to }));
    }
    let (i, start) = expect(A_POINT, point).parse(i)?;
    let after_start = alt((
        preceded(char('>'), slide(start)),
        map(direction, move |fire| Action::Shot { at: start, fire }),
        chain(start),
    ));
    expect(
        "a jump mark (x ~ - ^), `>` or `@` after the first point",
        after_start,
    )
    .parse(i)
}

/// One or more jumps after the start point.
fn chain<'a>(start: PointText) -> impl Parser<In<'a>, Output = Action, Error = Expected> {
    let mark = consumed(one_of("x~-^"));
    let jump = map((mark, expect(A_POINT, point)), |((m, c), to)| JumpText {
        mark: c,
        mark_span: span_of(m),
        to,
    });
    map(many1(jump), move |jumps| Action::Chain { start, jumps })
}

/// What follows `>`: an optional capture mark, the end point, then `=C` or an `@DIR`.
fn slide<'a>(from: PointText) -> impl Parser<In<'a>, Output = Action, Error = Expected> {
    move |i: In<'a>| {
        let (i, capture) = opt(consumed(char('x'))).parse(i)?;
        let (i, to) = expect(A_POINT, point).parse(i)?;
        let (i, charge) = opt(consumed(tag("=C"))).parse(i)?;
        let (i, fire) = if charge.is_none() {
            opt(direction).parse(i)?
        } else {
            (i, None)
        };
        let capture = capture.map(|(t, _)| span_of(t));
        Ok((
            i,
            Action::Slide {
                from,
                to,
                capture,
                charge: charge.map(|(t, _)| span_of(t)),
                fire,
            },
        ))
    }
}

/// `@` and a direction name in any case; the longest name that fits (`NE` before `E`).
fn direction(i: In<'_>) -> Parsed<'_, DirText> {
    let (after_at, at) = consumed(char('@')).parse(i).map(|(r, (t, _))| (r, t))?;
    let letters = after_at
        .fragment()
        .bytes()
        .take_while(u8::is_ascii_alphabetic)
        .count()
        .min(2);
    for l in (1..=letters).rev() {
        let name = &after_at.fragment()[..l];
        if let Some(dir) = Dir::from_name(name) {
            let (rest, _) = take::<_, _, Expected>(l).parse(after_at)?;
            let upper = name.bytes().all(|b| b.is_ascii_uppercase());
            let span = Span::new(at.location_offset(), 1 + l);
            return Ok((rest, DirText { dir, span, upper }));
        }
    }
    Err(nom::Err::Failure(Expected::at(
        &after_at,
        "a direction (E W NE NW SE SW) after `@`",
        None,
    )))
}

/// The long form's tail: `;x` and the removed points, `*` marking a captured Absorber.
fn removals(i: In<'_>) -> Parsed<'_, (Vec<RemovedText>, Span)> {
    let removed = map((expect(A_POINT, point), opt(char('*'))), |(point, star)| {
        RemovedText {
            point,
            absorber: star.is_some(),
        }
    });
    let (rest, (text, (_, list))) =
        consumed((tag(";x"), separated_list1(char(','), removed))).parse(i)?;
    Ok((rest, (list, span_of(text))))
}

/// Move every span of a move read from a slice to the whole text's coordinates.
fn shift_move(m: &mut MoveText, by: usize) {
    let sp = |p: &mut PointText| p.span = p.span.shifted(by);
    match &mut m.action {
        Action::Chain { start, jumps } => {
            sp(start);
            for j in jumps {
                j.mark_span = j.mark_span.shifted(by);
                sp(&mut j.to);
            }
        }
        Action::Slide {
            from,
            to,
            capture,
            charge,
            fire,
        } => {
            sp(from);
            sp(to);
            *capture = capture.map(|s| s.shifted(by));
            *charge = charge.map(|s| s.shifted(by));
            if let Some(f) = fire {
                f.span = f.span.shifted(by);
            }
        }
        Action::Shot { at, fire } => {
            sp(at);
            fire.span = fire.span.shifted(by);
        }
        Action::Step { from, to } => {
            sp(from);
            sp(to);
        }
    }
    if let Some((list, span)) = &mut m.removals {
        *span = span.shifted(by);
        for r in list {
            sp(&mut r.point);
        }
    }
}

/// The printed form of a generated move: canonical short text, the `;x…` tail when `long`,
/// and `#` when the game ends after it (§14 printing).
pub fn print(
    before: &crate::games::quantum::Position,
    g: &crate::games::quantum::movegen::Generated,
    long: bool,
) -> String {
    let mut s = g.text.clone();
    if long && !g.removed.is_empty() {
        let list: Vec<String> = g
            .removed
            .iter()
            .map(|&(p, a)| format!("{}{}", before.geo.name(p), if a { "*" } else { "" }))
            .collect();
        s.push_str(";x");
        s.push_str(&list.join(","));
    }
    if crate::games::quantum::ending::status(&g.result).is_over() {
        s.push('#');
    }
    s
}
