//! QMN move syntax (§14). The reader checks only the shape of a move; whether the points are
//! on the board and what the move does is decided against a position by `rules`.

use super::point::{PointText, read_point};
use crate::core::{Problem, Span};
use crate::games::quantum::geometry::Dir;

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
    Chain { start: PointText, jumps: Vec<JumpText> },
    Slide { from: PointText, to: PointText, capture: Option<Span>, charge: Option<Span>, fire: Option<DirText> },
    Shot { at: PointText, fire: DirText },
    Step { from: PointText, to: PointText },
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
    pub action: Action,
    /// The `;x…` tail and its span.
    pub removals: Option<(Vec<RemovedText>, Span)>,
    pub end_mark: Option<Span>,
    pub span: Span,
}

/// Read one move token; `offset` is where `text` starts in the whole source (for spans).
pub fn parse_move(text: &str, offset: usize) -> Result<MoveText, Problem> {
    let mut r = Reader { text, at: 0 };
    let action = r.action().map_err(|p| p.shifted(offset))?;
    let removals = r.removals().map_err(|p| p.shifted(offset))?;
    let end_mark = r.eat("#").then(|| Span::new(offset + r.at - 1, 1));
    if r.at != text.len() {
        return Err(Problem::syntax(
            format!("unexpected `{}` in a move", &text[r.at..]),
            Span::new(offset + r.at, text.len() - r.at),
        ));
    }
    let mut m = MoveText { action, removals, end_mark, span: Span::new(offset, text.len()) };
    shift_move(&mut m, offset);
    Ok(m)
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.text[self.at..].starts_with(s) {
            self.at += s.len();
            true
        } else {
            false
        }
    }

    fn fail<T>(&self, what: &str) -> Result<T, Problem> {
        let len = self.text[self.at..].chars().next().map_or(0, |c| c.len_utf8());
        Err(Problem::syntax(format!("expected {what}"), Span::new(self.at, len)))
    }

    fn point(&mut self) -> Result<PointText, Problem> {
        match read_point(self.text, self.at) {
            Some((p, end)) => {
                self.at = end;
                Ok(p)
            }
            None => self.fail("a point such as `d4`"),
        }
    }

    fn action(&mut self) -> Result<Action, Problem> {
        if self.eat("X") {
            let from = self.point()?;
            if !self.eat("-") {
                return self.fail("`-` in an Absorber step");
            }
            return Ok(Action::Step { from, to: self.point()? });
        }
        let start = self.point()?;
        match self.peek() {
            Some(b'>') => {
                self.at += 1;
                self.slide(start)
            }
            Some(b'@') => Ok(Action::Shot { at: start, fire: self.direction()? }),
            Some(b'x' | b'~' | b'-' | b'^') => self.chain(start),
            _ => self.fail("a jump mark (x ~ - ^), `>` or `@` after the first point"),
        }
    }

    fn chain(&mut self, start: PointText) -> Result<Action, Problem> {
        let mut jumps = Vec::new();
        while let Some(c @ (b'x' | b'~' | b'-' | b'^')) = self.peek() {
            let mark_span = Span::new(self.at, 1);
            self.at += 1;
            jumps.push(JumpText { mark: c as char, mark_span, to: self.point()? });
        }
        Ok(Action::Chain { start, jumps })
    }

    fn slide(&mut self, from: PointText) -> Result<Action, Problem> {
        let capture = (self.peek() == Some(b'x')).then(|| Span::new(self.at, 1));
        if capture.is_some() {
            self.at += 1;
        }
        let to = self.point()?;
        let charge = self.eat("=C").then(|| Span::new(self.at - 2, 2));
        let fire = if charge.is_none() && self.peek() == Some(b'@') { Some(self.direction()?) } else { None };
        Ok(Action::Slide { from, to, capture, charge, fire })
    }

    fn direction(&mut self) -> Result<DirText, Problem> {
        let start = self.at;
        self.at += 1; // '@'
        let rest = &self.text[self.at..];
        let len = rest.bytes().take_while(|b| b.is_ascii_alphabetic()).count().min(2);
        // the longest direction name that fits: `NE` before `N…`-less `E`
        for l in (1..=len).rev() {
            if let Some(dir) = Dir::from_name(&rest[..l]) {
                self.at += l;
                let upper = rest[..l].bytes().all(|b| b.is_ascii_uppercase());
                return Ok(DirText { dir, span: Span::new(start, self.at - start), upper });
            }
        }
        self.fail("a direction (E W NE NW SE SW) after `@`")
    }

    fn removals(&mut self) -> Result<Option<(Vec<RemovedText>, Span)>, Problem> {
        let start = self.at;
        if !self.eat(";x") {
            return Ok(None);
        }
        let mut list = Vec::new();
        loop {
            let point = self.point()?;
            list.push(RemovedText { point, absorber: self.eat("*") });
            if !self.eat(",") {
                break;
            }
        }
        Ok(Some((list, Span::new(start, self.at - start))))
    }
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
        Action::Slide { from, to, capture, charge, fire } => {
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
        let list: Vec<String> =
            g.removed.iter().map(|&(p, a)| format!("{}{}", before.geo.name(p), if a { "*" } else { "" })).collect();
        s.push_str(";x");
        s.push_str(&list.join(","));
    }
    if crate::games::quantum::ending::status(&g.result).is_over() {
        s.push('#');
    }
    s
}
