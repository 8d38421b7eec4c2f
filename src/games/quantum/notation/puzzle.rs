//! Puzzle lines (§16.3): `<QFEN> goal <w<N>|c1>; [key m,…;] [gain n;] [id "…";]`.

use super::qfen;
use crate::core::{Problem, Span};
use crate::games::quantum::QuantumRule;
use crate::games::quantum::position::Position;

/// The stipulation of a puzzle (§16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Goal {
    /// Force a win within N own moves.
    Win(u32),
    /// Best capture in one move.
    Capture,
}

impl Goal {
    /// As a puzzle line writes it: `w3`, `c1`.
    pub fn text(self) -> String {
        match self {
            Goal::Win(n) => format!("w{n}"),
            Goal::Capture => "c1".into(),
        }
    }
}

/// A puzzle line as written; the keys are move texts with their spans, still unresolved.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The position to solve.
    pub position: Position,
    /// What to solve.
    pub goal: Goal,
    /// The stated keys, as written.
    pub keys: Vec<(String, Span)>,
    /// The stated material gain of a `c1` puzzle.
    pub gain: Option<i64>,
    /// The puzzle's name.
    pub id: Option<String>,
}

/// Read one puzzle line (spans relative to `line`).
pub fn parse(line: &str) -> Result<Puzzle, Problem> {
    let goal_at = line.find(" goal ").ok_or_else(|| {
        Problem::new(
            QuantumRule::PuzzleSyntax,
            "a puzzle line is `<QFEN> goal <w<N>|c1>; …`",
            Span::new(0, line.len()),
        )
    })?;
    let position = qfen::parse_position(&line[..goal_at])?;
    let mut at = goal_at + " goal ".len();
    let (goal_text, next) = field(line, at)?;
    let goal = match goal_text {
        "c1" => Goal::Capture,
        g => match g
            .strip_prefix('w')
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|&n| n > 0 && !g[1..].starts_with('0'))
        {
            Some(n) => Goal::Win(n),
            None => {
                return Err(Problem::new(
                    QuantumRule::PuzzleSyntax,
                    "the goal is `w<N>` or `c1`",
                    Span::new(at, goal_text.len()),
                ));
            }
        },
    };
    at = next;
    let mut p = Puzzle {
        position,
        goal,
        keys: Vec::new(),
        gain: None,
        id: None,
    };
    while at < line.len() {
        let trimmed = line[at..].trim_start();
        at = line.len() - trimmed.len();
        if trimmed.is_empty() {
            break;
        }
        let (op, next) = field(line, at)?;
        operation(&mut p, op, at)?;
        at = next;
    }
    Ok(p)
}

/// The text up to the next `;` (outside quotes), and the byte after that `;`.
fn field(line: &str, at: usize) -> Result<(&str, usize), Problem> {
    let mut quoted = false;
    for (i, c) in line[at..].char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => return Ok((&line[at..at + i], at + i + 1)),
            _ => {}
        }
    }
    Err(Problem::new(
        QuantumRule::PuzzleSyntax,
        "a puzzle field ends with `;`",
        Span::new(at, line.len() - at),
    ))
}

fn operation(p: &mut Puzzle, op: &str, at: usize) -> Result<(), Problem> {
    let bad = |m: &str| {
        Problem::new(
            QuantumRule::PuzzleSyntax,
            m.to_string(),
            Span::new(at, op.len()),
        )
    };
    if let Some(keys) = op.strip_prefix("key ") {
        let mut off = at + 4;
        for k in keys.split(',') {
            p.keys.push((k.to_string(), Span::new(off, k.len())));
            off += k.len() + 1;
        }
    } else if let Some(g) = op.strip_prefix("gain ") {
        p.gain = Some(g.parse().map_err(|_| bad("`gain` takes a whole number"))?);
    } else if let Some(id) = op.strip_prefix("id ") {
        p.id = Some(
            id.strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'))
                .ok_or_else(|| bad("`id` takes a quoted text"))?
                .to_string(),
        );
    } else {
        return Err(bad("unknown puzzle field (key, gain, id)"));
    }
    Ok(())
}

/// Print a puzzle line canonically.
pub fn to_line(p: &Puzzle) -> String {
    let mut s = format!("{} goal {};", qfen::to_qfen(&p.position), p.goal.text());
    if !p.keys.is_empty() {
        let keys: Vec<&str> = p.keys.iter().map(|k| k.0.as_str()).collect();
        s.push_str(&format!(" key {};", keys.join(",")));
    }
    if let Some(g) = p.gain {
        s.push_str(&format!(" gain {g};"));
    }
    if let Some(id) = &p.id {
        s.push_str(&format!(" id \"{id}\";"));
    }
    s
}
