//! The answer as text-bearing data: a solution tree (key move, every defence with its
//! continuation) that serializes to JSON and renders as indented text.

use serde::Serialize;

/// An attacker move and every defence to it. No defences means the move mates.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolutionTree {
    pub mv: String,
    pub defences: Vec<DefenceNode>,
    /// Only the main defence is listed (the tree's size budget was spent).
    pub partial: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DefenceNode {
    pub mv: String,
    /// A futile interposition: not counted, not followed.
    pub futile: bool,
    /// Plies from this defence's position to mate (tsume count), for counted defences.
    pub plies: Option<u32>,
    pub next: Option<Box<SolutionTree>>,
}

/// A second attacker move that also mates within the remaining length.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cook {
    /// 0-based ply index in the main line where the alternative stands.
    pub ply: usize,
    pub mv: String,
}

impl SolutionTree {
    /// Indented text: attacker moves prefixed by their ply number, defences by `-`, the
    /// main defence (first listed with the most plies) first.
    pub fn render(&self) -> String {
        self.render_as("mate")
    }

    /// The same, naming the goal in the game's own word (`win` for a game won otherwise
    /// than by mate): `… win` after the last move, `(n to win)` after a defence.
    pub fn render_as(&self, goal: &str) -> String {
        let mut out = String::new();
        self.render_into(&mut out, 0, 1, goal);
        out
    }

    fn render_into(&self, out: &mut String, indent: usize, ply: usize, goal: &str) {
        let pad = "  ".repeat(indent);
        let mark = if self.defences.is_empty() {
            format!(" {goal}")
        } else {
            String::new()
        };
        out.push_str(&format!("{pad}{ply}. {}{mark}\n", self.mv));
        for d in &self.defences {
            let what = match (d.futile, d.plies) {
                (true, _) => " (futile interposition)".to_string(),
                (false, Some(p)) => format!(" ({p} to {goal})"),
                (false, None) => String::new(),
            };
            out.push_str(&format!("{pad}  - {}{what}\n", d.mv));
            if let Some(n) = &d.next {
                n.render_into(out, indent + 2, ply + 2, goal);
            }
        }
        if self.partial {
            out.push_str(&format!("{pad}  - … (other defences not listed)\n"));
        }
    }
}

/// The verdict a problem solver prints on a composed problem: sound, cooked (more than
/// one key), or unsound with a short solution.
pub fn soundness_word(sound: bool, keys: usize) -> &'static str {
    if sound {
        "sound"
    } else if keys > 1 {
        "cooked"
    } else {
        "unsound (short solution)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_nested_defences() {
        let mate = SolutionTree {
            mv: "G*2b".into(),
            defences: vec![],
            partial: false,
        };
        let t = SolutionTree {
            mv: "S*2c".into(),
            defences: vec![
                DefenceNode {
                    mv: "1a2b".into(),
                    futile: false,
                    plies: Some(1),
                    next: Some(Box::new(mate)),
                },
                DefenceNode {
                    mv: "P*2b".into(),
                    futile: true,
                    plies: None,
                    next: None,
                },
            ],
            partial: false,
        };
        assert_eq!(
            t.render(),
            "1. S*2c\n  - 1a2b (1 to mate)\n    3. G*2b mate\n  - P*2b (futile interposition)\n"
        );
    }
}
