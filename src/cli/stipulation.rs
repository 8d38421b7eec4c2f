//! `solve --stipulation SPEC` and the `Stipulation` tag beyond direct mates: which
//! stipulation was asked, the refusal of one a game cannot have, the solutions a puzzle
//! file states, and their comparison with the proof (`docs/stipulations.md`).

use super::error::CliError;
use super::game::{Input, SolveRequest, Solved};
use hensoku::puzzle;
use hensoku::{Answer, Game, Goal, Play, Stipulation, StipulationError};
use serde::Serialize;

/// The stipulation a puzzle or PGN file states in its `[Stipulation "…"]` tag, when that
/// is one of the new plays (help, self, reflex, series) or goals (stalemate). A direct mate
/// stays with each game's own reading of the tag, as before.
pub fn stated(input: &Input) -> Option<Stipulation> {
    let head = String::from_utf8_lossy(&input.bytes[..input.bytes.len().min(1 << 16)]);
    let value = head.split("[Stipulation \"").nth(1)?.split('"').next()?;
    let stip: Stipulation = value.parse().ok()?;
    (stip.play != Play::Direct || stip.goal != Goal::Mate).then_some(stip)
}

/// Solve `stip` in game `G` on the position `read` gives (a puzzle file's, a record's
/// start, `--position`), and compare it with the solutions a puzzle file states. `None`
/// when `G` has no solver for `stip`: it is refused before the position is read, so the
/// refusal is the answer whatever the position; a length out of range is a usage error.
pub fn solve<G: Game>(
    input: Option<&Input>,
    req: &SolveRequest,
    stip: Stipulation,
    read: impl FnOnce() -> Result<G::Position, CliError>,
) -> Option<Result<Solved, CliError>> {
    let stip = match G::check_stipulation(&stip) {
        Err(StipulationError::Length(why)) => return Some(Err(CliError::usage(why))),
        Err(_) => return None,
        Ok(stip) => stip,
    };
    let solved = read().and_then(|position| {
        let answer = G::solve_stipulation(&position, &stip, &req.limits)
            .map_err(|e| CliError::usage(e.to_string()))?;
        let stated = input.map(stated_lines).unwrap_or_default();
        let comparison = compare(&answer, &stated);
        let mut solved = Solved::new(position.to_string(), answer);
        solved.stated = comparison;
        Ok(solved)
    });
    Some(solved)
}

/// The refusal of a stipulation `game` has no solver for (exit 2).
pub fn refused(game: &str, stip: &Stipulation) -> CliError {
    CliError::usage(format!(
        "{game} cannot solve {} ({}): see docs/stipulations.md for what each game solves",
        stip.spelling(),
        stip.word()
    ))
}

/// The lines of moves a `.puzzle` file states, one solution per line of its movetext
/// (move numbers dropped); empty for any other file.
pub fn stated_lines(input: &Input) -> Vec<Vec<String>> {
    if !super::puzzle_file::is_puzzle(input) {
        return Vec::new();
    }
    let text = String::from_utf8_lossy(&input.bytes);
    let (p, _) = puzzle::parse(&text);
    let mut lines: Vec<(usize, Vec<String>)> = Vec::new();
    for t in &p.moves {
        let line = text[..t.span.offset.min(text.len())].matches('\n').count();
        // Popeye's `1.Kd5` and `1...Qe4+`: the number is not part of the move
        let mv = without_number(&t.text);
        if mv.is_empty() {
            continue;
        }
        match lines.last_mut() {
            Some((l, moves)) if *l == line => moves.push(mv.to_string()),
            _ => lines.push((line, vec![mv.to_string()])),
        }
    }
    lines.into_iter().map(|(_, m)| m).collect()
}

/// `1.Kd5` → `Kd5`, `1...Qe4+` → `Qe4+`; a move that starts with digits and no dot
/// (shogi's `2b2a+`) stays whole.
fn without_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &token[digits..];
    if digits > 0 && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    }
}

/// How the solutions a puzzle states compare with the proof.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// Proven solutions the puzzle does not state.
    pub missing: Vec<String>,
    /// Stated solutions that are not solutions.
    pub extra: Vec<String>,
}

impl Comparison {
    /// The stated solutions are exactly the proven ones.
    pub fn agrees(&self) -> bool {
        self.missing.is_empty() && self.extra.is_empty()
    }

    /// The lines for the terminal answer.
    pub fn notes(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.agrees() {
            out.push("the puzzle's stated solutions agree with the proof".to_string());
        }
        for m in &self.missing {
            out.push(format!("missing from the puzzle: {m}"));
        }
        for e in &self.extra {
            out.push(format!("stated, but not a solution: {e}"));
        }
        out
    }
}

/// A move without its check, mate and annotation signs, for comparing.
fn bare(mv: &str) -> &str {
    mv.trim_end_matches(['+', '#', '!', '?', '='])
}

/// The words of a line, each without its signs: a move of several words (a 5D action on
/// several boards) is its words, as the puzzle file's movetext splits it.
fn words(line: &[String]) -> Vec<&str> {
    line.iter()
        .flat_map(|m| m.split_whitespace())
        .map(bare)
        .collect()
}

fn same(a: &[String], b: &[String]) -> bool {
    words(a) == words(b)
}

/// The key a stated line starts with: the proven key whose words begin it, else its first
/// word.
fn stated_key(line: &[String], keys: &[String]) -> Vec<String> {
    let said = words(line);
    keys.iter()
        .find(|k| said.starts_with(&words(std::slice::from_ref(*k))))
        .map_or_else(|| line[..1].to_vec(), |k| vec![k.clone()])
}

/// Compare the `stated` lines with a complete answer: help play compares every line with
/// the solutions; the other plays compare the first move of each stated line with the
/// keys. `None` when nothing is stated or the search did not finish.
pub fn compare<X>(answer: &Answer<X>, stated: &[Vec<String>]) -> Option<Comparison> {
    if stated.is_empty() || answer.stopped_by.is_some() {
        return None;
    }
    let (proven, stated): (Vec<Vec<String>>, Vec<Vec<String>>) = match &answer.help {
        Some(h) => (
            h.solutions.iter().map(|l| l.moves.clone()).collect(),
            stated.to_vec(),
        ),
        None => (
            answer
                .solution
                .keys
                .iter()
                .map(|k| vec![k.clone()])
                .collect(),
            stated
                .iter()
                .map(|l| stated_key(l, &answer.solution.keys))
                .collect(),
        ),
    };
    let mut c = Comparison::default();
    for p in &proven {
        if !stated.iter().any(|s| same(s, p)) {
            c.missing.push(p.join(" "));
        }
    }
    for s in &stated {
        if !proven.iter().any(|p| same(s, p)) {
            c.extra.push(s.join(" "));
        }
    }
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_one_solution_per_line() {
        let input = Input {
            name: "x.puzzle".into(),
            bytes: b"[Game \"chess\"]\n[Stipulation \"h#2\"]\n\n1.Kd5 Qe4+ 2.Kc5 Qb4#\n1. Kd4 Qe3+ 2. Kc4 Qb3#\n".to_vec(),
        };
        assert_eq!(stated(&input).map(|s| s.spelling()), Some("h#2".into()));
        let lines = stated_lines(&input);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0], ["Kd5", "Qe4+", "Kc5", "Qb4#"]);
        assert_eq!(lines[1], ["Kd4", "Qe3+", "Kc4", "Qb3#"]);
        assert_eq!(without_number("2b2a+"), "2b2a+");
        assert_eq!(without_number("1...Qe4+"), "Qe4+");
    }
}
