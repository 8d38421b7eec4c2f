//! The solution tree: each move of the solving side with every defence to it, and each
//! defence with the solving side's answers (more than one: a dual).

use super::{Alternative, Unit};
use serde::Serialize;

/// A move of the solving side and every defence to it. No defences: it reaches the goal
/// (or the tree stops here, see `partial`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttackNode {
    /// The solving side's move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The goal it threatens if the defender could pass (chess problems); empty when the
    /// game does not look, the move checks, or the defender is in zugzwang.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub threat: Vec<String>,
    /// It threatens nothing, yet every defence loses (chess problems).
    #[serde(skip_serializing_if = "is_false")]
    pub zugzwang: bool,
    /// It gives check (chess problems, where a checking key matters).
    #[serde(skip_serializing_if = "is_false")]
    pub check: bool,
    /// Every defence to it, each with its answers.
    pub defences: Vec<DefenceNode>,
    /// Only the main defence is listed (the tree's size budget was spent).
    pub partial: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A defence and the solving side's answers to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DefenceNode {
    /// The defender's move.
    #[serde(rename = "move")]
    pub mv: String,
    /// A futile interposition: not counted, not followed (tsume).
    pub futile: bool,
    /// The rest of the solution after this defence, in the answer's unit, when counted.
    pub length: Option<u32>,
    /// The solving side's answers that reach the goal in time: one, or more (a dual); none
    /// for a futile interposition, for a defence that ends the game itself, or where the
    /// tree stops.
    pub replies: Vec<AttackNode>,
}

impl AttackNode {
    /// A move with nothing below it yet.
    pub fn leaf(mv: String) -> AttackNode {
        AttackNode {
            mv,
            threat: Vec::new(),
            zugzwang: false,
            check: false,
            defences: Vec::new(),
            partial: false,
        }
    }

    /// This tree with its lengths, counted in plies, counted in `unit` instead.
    pub fn in_unit(mut self, unit: Unit) -> AttackNode {
        for d in &mut self.defences {
            d.length = d.length.map(|p| unit.of_plies(p));
            d.replies = std::mem::take(&mut d.replies)
                .into_iter()
                .map(|r| r.in_unit(unit))
                .collect();
        }
        self
    }

    /// The main line through this tree: this move, then the first defence of the greatest
    /// length (the first listed when no length is known), its first answer, and so on.
    pub fn main_line(&self) -> Vec<String> {
        let mut line = vec![self.mv.clone()];
        let mut at = self;
        loop {
            let mut best: Option<&DefenceNode> = None;
            for d in at.defences.iter().filter(|d| !d.futile) {
                if best.is_none_or(|b| d.length > b.length) {
                    best = Some(d);
                }
            }
            let Some(d) = best else { break };
            line.push(d.mv.clone());
            let Some(next) = d.replies.first() else { break };
            line.push(next.mv.clone());
            at = next;
        }
        line
    }

    /// Every dual in this tree: each answer after the first to a defence, with the moves
    /// that lead to it from `before` (the moves before this node).
    pub fn duals(&self, before: &[String]) -> Vec<Alternative> {
        let mut out = Vec::new();
        let mut line = before.to_vec();
        line.push(self.mv.clone());
        for d in &self.defences {
            line.push(d.mv.clone());
            for (i, r) in d.replies.iter().enumerate() {
                if i > 0 {
                    out.push(Alternative {
                        ply: line.len(),
                        after: line.clone(),
                        mv: r.mv.clone(),
                    });
                }
                out.extend(r.duals(&line));
            }
            line.pop();
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defence(mv: &str, length: Option<u32>, replies: Vec<AttackNode>) -> DefenceNode {
        DefenceNode {
            mv: mv.into(),
            futile: false,
            length,
            replies,
        }
    }

    #[test]
    fn the_main_line_follows_the_longest_defence() {
        let mut key = AttackNode::leaf("K".into());
        key.defences = vec![
            defence("d1", Some(1), vec![AttackNode::leaf("m1".into())]),
            defence(
                "d2",
                Some(3),
                vec![AttackNode::leaf("m2".into()), AttackNode::leaf("m3".into())],
            ),
        ];
        assert_eq!(key.main_line(), ["K", "d2", "m2"]);
        let duals = key.duals(&[]);
        assert_eq!(duals.len(), 1);
        assert_eq!((duals[0].ply, duals[0].mv.as_str()), (2, "m3"));
        assert_eq!(duals[0].after, ["K", "d2"]);
    }
}
