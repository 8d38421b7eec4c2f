//! The terminal answer, in the same words for every game: "mate in 5: key …", "cook",
//! "dual at ply 3", "try", "unique", the solution tree, the counts.

use super::{Answer, AttackNode, Outcome, Unit};

/// The answer as text: the verdict, the main line, cooks, duals and tries, uniqueness, the
/// game's `notes`, the solution tree, and the counts.
pub fn render<X>(a: &Answer<X>, notes: &[String]) -> String {
    if let Some(help) = &a.help {
        return super::help::render(a, help, notes);
    }
    let mut out = verdict(a);
    let s = &a.solution;
    if a.result == Outcome::Solved && s.moves.len() > 1 {
        let line = numbered(&s.moves, a.stipulation.unit);
        out.push_str(&format!("main line: {line}\n"));
    }
    if a.result == Outcome::Unknown && !s.moves.is_empty() {
        // a stopped search that had proven a line: the line, not a key
        let line = numbered(&s.moves, a.stipulation.unit);
        let at_least = s.length.at_least.map_or(String::new(), |n| {
            format!(
                "; the shortest is at least {n} {}",
                unit_word(a.stipulation.unit)
            )
        });
        let goal = a.stipulation.word();
        out.push_str(&format!(
            "a {goal} was proven before the stop, along this line (not proven shortest nor unique{at_least}): {line}\n"
        ));
    }
    for c in &s.cooks {
        out.push_str(&format!("cook: {}\n", c.mv));
    }
    for d in s.duals.iter().take(MAX_DUALS_LISTED) {
        out.push_str(&format!("dual at ply {}: {}\n", d.ply + 1, d.mv));
    }
    if s.duals.len() > MAX_DUALS_LISTED {
        let more = s.duals.len() - MAX_DUALS_LISTED;
        out.push_str(&format!(
            "… and {more} more duals (see the solution tree)\n"
        ));
    }
    for t in &s.tries {
        if t.stalemate {
            out.push_str(&format!("try: {}? stalemate\n", t.mv));
        } else {
            out.push_str(&format!(
                "try: {}? refuted by {}\n",
                t.mv,
                t.refutations.join(", ")
            ));
        }
    }
    if a.result == Outcome::Solved {
        match s.unique {
            Some(true) => out.push_str("unique\n"),
            Some(false) => out.push_str("not unique\n"),
            None => {}
        }
    }
    for n in notes {
        out.push_str(n);
        out.push('\n');
    }
    if !s.tree.is_empty() {
        out.push_str("solution tree:\n");
        let goal = a.stipulation.goal.word();
        for t in &s.tree {
            tree_into(&mut out, t, 0, 1, a.stipulation.unit, goal);
        }
    }
    out.push_str(&format!("{} nodes, {} ms\n", a.nodes, a.elapsed_ms));
    out
}

/// Duals listed one per line; the rest are counted (the tree shows them all).
const MAX_DUALS_LISTED: usize = 10;

/// A line numbered in the game's unit: each ply (`1. a 2. b 3. c`), or each pair of the
/// solving side's move and the answer (`1. a / b 2. c`).
fn numbered(moves: &[String], unit: Unit) -> String {
    let mut parts = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        match unit {
            Unit::Plies => parts.push(format!("{}. {m}", i + 1)),
            Unit::Moves | Unit::Turns if i % 2 == 0 => parts.push(format!("{}. {m}", i / 2 + 1)),
            Unit::Moves | Unit::Turns => parts.push(format!("/ {m}")),
        }
    }
    parts.join(" ")
}

fn unit_word(unit: Unit) -> &'static str {
    match unit {
        Unit::Plies => "plies",
        Unit::Moves => "moves",
        Unit::Turns => "turns",
    }
}

/// The first line: "mate in 3: key S*5c", "no mate in 2", "unknown: …".
fn verdict<X>(a: &Answer<X>) -> String {
    let stip = a.stipulation;
    let goal = stip.word();
    let s = &a.solution;
    match a.result {
        Outcome::Unknown => {
            let limit = a.stopped_by.map_or("a", |l| l.word());
            format!("unknown: the {limit} limit stopped the search before {stip} was decided\n")
        }
        Outcome::NoSolution => format!("no {stip}\n"),
        Outcome::Solved => {
            let keys = match s.keys.len() {
                0 => String::new(),
                1 => format!(": key {}", s.keys[0]),
                _ => format!(": keys {}", s.keys.join(", ")),
            };
            let length = &s.length;
            let how = match (length.value, length.exact, length.at_least) {
                (Some(v), true, _) => format!("{goal} in {v}"),
                (Some(v), false, _) => format!("{goal} in at most {v}"),
                (None, _, Some(n)) => format!("{goal}, not proven shortest (at least {n})"),
                (None, _, None) => format!("{goal}, not proven shortest"),
            };
            let short = match (length.value, stip.length) {
                (Some(v), Some(n)) if length.exact && v < n => {
                    format!(" (shorter than the {stip} asked)")
                }
                _ => String::new(),
            };
            format!("{how}{short}{keys}\n")
        }
    }
}

/// One attacking move and its defences, indented; moves numbered in the game's unit
/// (plies: 1, 3, 5; moves and turns: 1, 2, 3).
fn tree_into(out: &mut String, t: &AttackNode, indent: usize, n: u32, unit: Unit, goal: &str) {
    let pad = "  ".repeat(indent);
    // a move that reaches the goal says so, unless its notation already does (`#`)
    let mark = if t.defences.is_empty() && !t.partial && !t.mv.ends_with('#') {
        format!(" {goal}")
    } else {
        String::new()
    };
    out.push_str(&format!("{pad}{n}. {}{mark}\n", t.mv));
    if !t.threat.is_empty() {
        out.push_str(&format!("{pad}  threat: {}\n", t.threat.join(" / ")));
    } else if t.zugzwang {
        out.push_str(&format!("{pad}  zugzwang\n"));
    }
    let next = match unit {
        Unit::Plies => n + 2,
        Unit::Moves | Unit::Turns => n + 1,
    };
    for d in &t.defences {
        let what = match (d.futile, d.length) {
            (true, _) => " (futile interposition)".to_string(),
            (false, Some(p)) => format!(" ({p} to {goal})"),
            (false, None) => String::new(),
        };
        let dual = if d.replies.len() > 1 { " (dual)" } else { "" };
        out.push_str(&format!("{pad}  - {}{what}{dual}\n", d.mv));
        for r in &d.replies {
            tree_into(out, r, indent + 2, next, unit, goal);
        }
    }
    if t.partial && !t.defences.is_empty() {
        out.push_str(&format!("{pad}  - … (other defences not listed)\n"));
    }
}

#[cfg(test)]
mod tests {
    use super::super::{DefenceNode, Length, NoExtension, Stipulation};
    use super::*;

    #[test]
    fn renders_the_verdict_and_nested_defences() {
        let mate = AttackNode::leaf("G*2b".into());
        let mut key = AttackNode::leaf("S*2c".into());
        key.defences = vec![
            DefenceNode {
                mv: "1a2b".into(),
                futile: false,
                length: Some(1),
                replies: vec![mate],
            },
            DefenceNode {
                mv: "P*2b".into(),
                futile: true,
                length: None,
                replies: vec![],
            },
        ];
        let mut a = Answer::new(Stipulation::mate(None, Unit::Plies), NoExtension {});
        a.result = Outcome::Solved;
        a.solution
            .set_line(vec!["S*2c".into(), "1a2b".into(), "G*2b".into()], &[]);
        a.solution.length = Length::exact(3, Unit::Plies);
        a.solution.unique = Some(true);
        a.solution.tree = vec![key];
        a.nodes = 7;
        assert_eq!(
            render(&a, &[]),
            "mate in 3: key S*2c\nmain line: 1. S*2c 2. 1a2b 3. G*2b\nunique\nsolution tree:\n\
             1. S*2c\n  - 1a2b (1 to mate)\n    3. G*2b mate\n  - P*2b (futile interposition)\n\
             7 nodes, 0 ms\n"
        );
    }
}
