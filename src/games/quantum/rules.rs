//! Why a written move is or is not legal: a QMN move is played against a position step by
//! step, and each check names the rule it enforces (§6–§9, §14).

use super::ending;
use super::geometry::{Dir, Point};
use super::movegen::{self, Generated, SlideEnd, flight, jump_effect, slide};
use super::notation::point::PointText;
use super::notation::qmn::{Action, DirText, JumpText, MoveText};
use super::position::Position;
use super::types::Cell;
use crate::core::{CommonRule, Problem, Span};
use crate::games::quantum::QuantumRule;

/// How strictly effect marks are checked (§14 parser modes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Every mark must match; `x` and `=C` must appear exactly when they apply.
    #[default]
    Strict,
    /// Any jump mark is accepted and a missing `x` or `=C` is tolerated; wrong `x`/`=C` marks,
    /// a wrong tail and a wrong `#` are still errors.
    Lenient,
}

fn problem(rule: impl Into<crate::core::Rule>, message: String, span: Span) -> Problem {
    Problem::new(rule, message, span)
}

/// Play `mv` in `pos`: the move, or the first rule it breaks.
pub fn resolve(pos: &Position, mv: &MoveText, mode: Mode) -> Result<Generated, Problem> {
    check_direction_case(mv, mode)?;
    let played = match &mv.action {
        Action::Chain { start, jumps } => chain(pos, *start, jumps, mode)?,
        Action::Slide {
            from,
            to,
            capture,
            charge,
            fire,
        } => liner(pos, *from, *to, *capture, *charge, *fire, mode)?,
        Action::Shot { at, fire } => charger_shot(pos, *at, *fire)?,
        Action::Step { from, to } => absorber_step(pos, *from, *to)?,
    };
    // the tail is checked against what the written path removed; the move returned is the
    // canonical one, whose own removals may differ when several paths give its result
    // (two Liners swapping roles in an Accelerator shot, say)
    let written_removed = played.removed.clone();
    let mut generated = canonical(pos, played, mv.span)?;
    check_tail(pos, mv, &written_removed, &mut generated)?;
    Ok(generated)
}

/// Strict input writes directions in upper case; lenient input may use any case (§14).
fn check_direction_case(mv: &MoveText, mode: Mode) -> Result<(), Problem> {
    let fire = match &mv.action {
        Action::Slide { fire, .. } => *fire,
        Action::Shot { fire, .. } => Some(*fire),
        _ => None,
    };
    match fire {
        Some(f) if mode == Mode::Strict && !f.upper => Err(problem(
            QuantumRule::DirectionCase,
            format!("directions are written in upper case: `@{}`", f.dir.name()),
            f.span,
        )),
        _ => Ok(()),
    }
}

/// The move as played, before its canonical notation is known.
struct Played {
    cells: Vec<Cell>,
    removed: Vec<(Point, bool)>,
    locked: Option<Point>,
}

/// Find the generated move with this result, for its canonical text; the removals stay
/// those of the path as written.
fn canonical(pos: &Position, played: Played, span: Span) -> Result<Generated, Problem> {
    let absorbers = played.removed.iter().filter(|r| r.1).count() as u32;
    let mut result = Position {
        cells: played.cells,
        ..pos.clone()
    };
    result.captured[pos.side.index()] += absorbers;
    result.finish_turn(played.locked);
    movegen::legal_moves(pos)
        .into_iter()
        .find(|g| g.result == result)
        .ok_or_else(|| {
            problem(
                CommonRule::Internal,
                "the move was played but the generator does not know its result".into(),
                span,
            )
        })
}

/// The optional `;x…` tail and `#` must be exactly right when present (§14).
fn check_tail(
    pos: &Position,
    mv: &MoveText,
    removed: &[(Point, bool)],
    g: &mut Generated,
) -> Result<(), Problem> {
    if let Some((list, span)) = &mv.removals {
        let written: Vec<(Point, bool)> = list
            .iter()
            .map(|r| r.point.resolve(pos.geo).map(|p| (p, r.absorber)))
            .collect::<Result<_, _>>()?;
        if written != removed {
            let want: Vec<String> = removed
                .iter()
                .map(|&(p, a)| format!("{}{}", pos.geo.name(p), if a { "*" } else { "" }))
                .collect();
            let want = if want.is_empty() {
                "nothing".to_string()
            } else {
                want.join(",")
            };
            return Err(problem(
                QuantumRule::RemovalsMismatch,
                format!("this move removes {want}"),
                *span,
            ));
        }
    }
    if let Some(span) = mv.end_mark.filter(|_| !ending::status(&g.result).is_over()) {
        return Err(problem(
            CommonRule::WrongCheckMark,
            "`#` marks a move that ends the game, and the game goes on".into(),
            span,
        ));
    }
    Ok(())
}

fn point(pos: &Position, p: PointText) -> Result<Point, Problem> {
    p.resolve(pos.geo)
}

fn whose(pos: &Position, p: Point) -> String {
    let c = pos.at(p);
    match c.side() {
        Some(s) if s == pos.side => format!("your own {}", &c.describe()[2..]),
        Some(s) => format!("{}'s {}", s.name(), &c.describe()[2..]),
        None => c.describe().to_string(),
    }
}

// ---------------------------------------------------------------- Skipper chains

/// Where a chain being replayed stands.
struct Chain {
    cells: Vec<Cell>,
    at: Point,
    prev: Option<Dir>,
    phase: u8,
    removed: Vec<(Point, bool)>,
}

fn chain(
    pos: &Position,
    start: PointText,
    jumps: &[JumpText],
    mode: Mode,
) -> Result<Played, Problem> {
    let s = point(pos, start)?;
    match pos.at(s) {
        Cell::Skipper(side) if side == pos.side => {}
        Cell::Charger(side) if side == pos.side => {
            return Err(problem(
                QuantumRule::ChargerCannotMove,
                "the Skipper under a Charger never moves; a Charger can only fire".into(),
                start.span,
            ));
        }
        _ => {
            return Err(problem(
                QuantumRule::NotOwnSkipper,
                format!(
                    "a chain starts from your own Skipper; {} holds {}",
                    pos.geo.name(s),
                    whose(pos, s)
                ),
                start.span,
            ));
        }
    }
    let mut cells = pos.cells.clone();
    cells[s as usize] = Cell::Empty;
    let mut c = Chain {
        cells,
        at: s,
        prev: None,
        phase: 0,
        removed: Vec::new(),
    };
    for j in jumps {
        one_jump(pos, s, &mut c, j, mode)?;
    }
    c.cells[c.at as usize] = Cell::Skipper(pos.side);
    Ok(Played {
        cells: c.cells,
        removed: c.removed,
        locked: None,
    })
}

fn one_jump(
    pos: &Position,
    start: Point,
    c: &mut Chain,
    j: &JumpText,
    mode: Mode,
) -> Result<(), Problem> {
    let geo = pos.geo;
    let t = point(pos, j.to)?;
    let (from, to) = (geo.name(c.at), geo.name(t));
    let d = match geo.line_between(c.at, t) {
        Some((d, 2)) => d,
        _ => {
            return Err(problem(
                QuantumRule::NotAJump,
                format!("a jump lands two points away along a line; {to} is not that from {from}"),
                j.to.span,
            ));
        }
    };
    let m = geo.step(c.at, d).unwrap_or(c.at);
    if c.phase >= 2 {
        return Err(problem(
            QuantumRule::ChainAfterSecondAbsorber,
            "after the first Absorber is jumped the chain has one more jump only, and it was made"
                .into(),
            j.mark_span.join(j.to.span),
        ));
    }
    if c.prev == Some(d.opposite()) {
        return Err(problem(
            QuantumRule::JumpBackOverSamePiece,
            format!("{from}→{to} jumps straight back over the piece just jumped"),
            j.mark_span.join(j.to.span),
        ));
    }
    if t == start {
        return Err(problem(
            QuantumRule::EntersStartPoint,
            format!("a chain may not land on its start point {to}"),
            j.to.span,
        ));
    }
    if c.cells[t as usize] != Cell::Empty {
        return Err(problem(
            QuantumRule::LandingOccupied,
            format!(
                "the landing point {to} holds {}",
                c.cells[t as usize].describe()
            ),
            j.to.span,
        ));
    }
    let jumped = c.cells[m as usize];
    let Some((after, mark)) = jump_effect(jumped, pos.side) else {
        return Err(problem(
            QuantumRule::NothingToJump,
            format!("there is no piece on {} to jump over", geo.name(m)),
            j.to.span,
        ));
    };
    if mode == Mode::Strict && j.mark != mark {
        return Err(problem(
            CommonRule::WrongJumpMark,
            format!(
                "jumping {} on {} is marked `{mark}`",
                jumped.describe(),
                geo.name(m)
            ),
            j.mark_span,
        ));
    }
    c.cells[m as usize] = after;
    if mark == 'x' {
        c.removed.push((m, false));
    }
    c.phase = match (c.phase, jumped) {
        (0, Cell::Absorber) => 1,
        (0, _) => 0,
        _ => 2,
    };
    c.prev = Some(d);
    c.at = t;
    Ok(())
}

// ---------------------------------------------------------------- Liner slides

#[allow(clippy::too_many_arguments)]
fn liner(
    pos: &Position,
    from_t: PointText,
    to_t: PointText,
    capture: Option<Span>,
    charge: Option<Span>,
    fire: Option<DirText>,
    mode: Mode,
) -> Result<Played, Problem> {
    let geo = pos.geo;
    let from = point(pos, from_t)?;
    let to = point(pos, to_t)?;
    own_lone_liner(pos, from, from_t.span)?;
    let Some((d, dist)) = geo.line_between(from, to) else {
        return Err(problem(
            QuantumRule::NotALine,
            format!(
                "a Liner slides along a line; {} is not on a line from {}",
                geo.name(to),
                geo.name(from)
            ),
            to_t.span,
        ));
    };
    let Some(end) = slide(pos, from, d) else {
        return Err(problem(
            QuantumRule::ZeroLengthSlide,
            format!(
                "the Liner on {} cannot leave its point going {}",
                geo.name(from),
                d.name()
            ),
            to_t.span,
        ));
    };
    let reach = geo.line_between(from, end.point()).map_or(0, |x| x.1);
    if dist < reach {
        return Err(problem(
            QuantumRule::SlideStopsEarly,
            format!(
                "a Liner cannot stop before the edge or a piece: going {} it goes on to {}",
                d.name(),
                geo.name(end.point())
            ),
            to_t.span,
        ));
    }
    if dist > reach {
        return Err(problem(
            QuantumRule::SlideBlocked,
            format!(
                "going {} the Liner stops on {}",
                d.name(),
                geo.name(end.point())
            ),
            to_t.span,
        ));
    }
    check_slide_marks(pos, end, to_t, capture, charge, fire, mode)?;
    let mut cells = pos.cells.clone();
    cells[from as usize] = Cell::Empty;
    let me = pos.side;
    match end {
        SlideEnd::Stop(p) => cells[p as usize] = Cell::Liner(me),
        SlideEnd::Capture(p) => cells[p as usize] = Cell::Liner(me),
        SlideEnd::Charge(p) => cells[p as usize] = Cell::Charger(me),
        SlideEnd::Accelerate(p) => return fire_from(pos, cells, p, fire),
    }
    let removed = if let SlideEnd::Capture(p) = end {
        vec![(p, false)]
    } else {
        Vec::new()
    };
    Ok(Played {
        cells,
        removed,
        locked: None,
    })
}

fn own_lone_liner(pos: &Position, p: Point, span: Span) -> Result<(), Problem> {
    match pos.at(p) {
        Cell::Liner(s) if s == pos.side => Ok(()),
        Cell::Charger(s) if s == pos.side => Err(problem(
            QuantumRule::ChargerCannotMove,
            "the Liner on a Charger can only be fired (`@DIR`), not slid".into(),
            span,
        )),
        _ => Err(problem(
            QuantumRule::NotOwnLiner,
            format!(
                "a slide starts from your own Liner; {} holds {}",
                pos.geo.name(p),
                whose(pos, p)
            ),
            span,
        )),
    }
}

fn check_slide_marks(
    pos: &Position,
    end: SlideEnd,
    to_t: PointText,
    capture: Option<Span>,
    charge: Option<Span>,
    fire: Option<DirText>,
    mode: Mode,
) -> Result<(), Problem> {
    let is_capture = matches!(end, SlideEnd::Capture(_));
    let is_charge = matches!(end, SlideEnd::Charge(_));
    let is_accel = matches!(end, SlideEnd::Accelerate(_));
    let at = pos.geo.name(end.point());
    if let Some(span) = capture.filter(|_| !is_capture) {
        return Err(problem(
            CommonRule::WrongCaptureMark,
            format!("the Liner captures nothing on {at}"),
            span,
        ));
    }
    if let Some(span) = charge.filter(|_| !is_charge) {
        return Err(problem(
            QuantumRule::ChargerMarkMismatch,
            format!("the Liner does not land on an own Skipper on {at}"),
            span,
        ));
    }
    if let Some(f) = fire.filter(|_| !is_accel) {
        return Err(problem(
            QuantumRule::NotAnAccelerator,
            format!("only a slide onto an own Liner fires; {at} holds no own Liner"),
            f.span,
        ));
    }
    if is_accel && fire.is_none() {
        return Err(problem(
            QuantumRule::AcceleratorMustFire,
            format!("the slide ends on the own Liner {at}: the Accelerator must fire (`@DIR`)"),
            to_t.span,
        ));
    }
    if mode == Mode::Strict && is_capture && capture.is_none() {
        return Err(problem(
            CommonRule::WrongCaptureMark,
            format!("the Liner captures on {at}: write `>x{at}`"),
            to_t.span,
        ));
    }
    if mode == Mode::Strict && is_charge && charge.is_none() {
        return Err(problem(
            QuantumRule::MissingChargerMark,
            format!("the Liner forms a Charger on {at}: write `=C`"),
            to_t.span,
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------- cannons

fn fire_from(
    pos: &Position,
    mut cells: Vec<Cell>,
    f: Point,
    fire: Option<DirText>,
) -> Result<Played, Problem> {
    let Some(fire) = fire else {
        return Err(problem(
            QuantumRule::AcceleratorMustFire,
            "a cannon needs a direction".into(),
            Span::default(),
        ));
    };
    if pos.geo.step(f, fire.dir).is_none() {
        return Err(problem(
            QuantumRule::FireOffBoard,
            format!(
                "there is no point {} of {} to fire at",
                fire.dir.name(),
                pos.geo.name(f)
            ),
            fire.span,
        ));
    }
    let removed = flight(pos, &mut cells, f, fire.dir);
    Ok(Played {
        cells,
        removed,
        locked: None,
    })
}

fn charger_shot(pos: &Position, at_t: PointText, fire: DirText) -> Result<Played, Problem> {
    let at = point(pos, at_t)?;
    match pos.at(at) {
        Cell::Charger(s) if s == pos.side => {}
        Cell::Liner(s) if s == pos.side => {
            return Err(problem(
                QuantumRule::LoneLinerCannotFire,
                format!(
                    "the Liner on {} is alone: only a Charger or an Accelerator fires",
                    pos.geo.name(at)
                ),
                at_t.span,
            ));
        }
        _ => {
            return Err(problem(
                QuantumRule::NotOwnCharger,
                format!(
                    "a shot is fired by your own Charger; {} holds {}",
                    pos.geo.name(at),
                    whose(pos, at)
                ),
                at_t.span,
            ));
        }
    }
    let mut cells = pos.cells.clone();
    cells[at as usize] = Cell::Skipper(pos.side);
    fire_from(pos, cells, at, Some(fire))
}

// ---------------------------------------------------------------- Absorber steps

fn absorber_step(pos: &Position, from_t: PointText, to_t: PointText) -> Result<Played, Problem> {
    let geo = pos.geo;
    let from = point(pos, from_t)?;
    let to = point(pos, to_t)?;
    if pos.at(from) != Cell::Absorber {
        return Err(problem(
            QuantumRule::NoAbsorber,
            format!(
                "{} holds {}, not an Absorber",
                geo.name(from),
                whose(pos, from)
            ),
            from_t.span,
        ));
    }
    if pos.locked == Some(from) {
        return Err(problem(
            QuantumRule::AbsorberJustMoved,
            format!(
                "the Absorber on {} was moved by the opponent on the last turn",
                geo.name(from)
            ),
            from_t.span,
        ));
    }
    if !matches!(geo.line_between(from, to), Some((_, 1))) {
        return Err(problem(
            QuantumRule::NotAdjacent,
            format!(
                "an Absorber steps to an adjacent point; {} is not next to {}",
                geo.name(to),
                geo.name(from)
            ),
            to_t.span,
        ));
    }
    if pos.at(to) != Cell::Empty {
        return Err(problem(
            QuantumRule::StepOntoPiece,
            format!(
                "an Absorber steps only to an empty point; {} holds {}",
                geo.name(to),
                pos.at(to).describe()
            ),
            to_t.span,
        ));
    }
    let mut cells = pos.cells.clone();
    cells[from as usize] = Cell::Empty;
    cells[to as usize] = Cell::Absorber;
    Ok(Played {
        cells,
        removed: Vec::new(),
        locked: Some(to),
    })
}
