//! The page of a solve: the puzzle's position, then its solution tree (each key with its
//! threat and every defence, each defence with its answers, duals among them), the cooks
//! and the tries, navigable as a record's variations are. Any game whose position is a
//! [`Game`] builds it here, through the game's face: a solver's move is found among the
//! legal moves by its text.

use crate::Game;
use crate::answer::HelpLine;
use crate::render::Svg;
use crate::view::{Node, Page};
use crate::{Answer, AttackNode};
use std::collections::HashMap;

/// A solve's answer, its extension as JSON.
pub type Solve = Answer<serde_json::Value>;

/// A position's picture, and the position and move before it (`None` at the start).
pub(super) type Picture<G> =
    dyn Fn(&<G as Game>::Position, Option<(&<G as Game>::Position, <G as Game>::Move)>) -> Svg;

/// A move as the solver writes it, from its position after the previous move.
pub(super) type Written<G> =
    dyn Fn(&<G as Game>::Position, Option<<G as Game>::Move>, <G as Game>::Move) -> String;

/// How one game shows its positions: its canonical string, and its picture after a move
/// (`None` at the start).
pub(super) struct Drawing<'a, G: Game> {
    pub game: &'a str,
    pub position: &'a dyn Fn(&G::Position) -> String,
    pub picture: &'a Picture<G>,
    /// How the solver writes a move after the previous one, where a game's readout refers
    /// back to it (Shelt's `kak`); `None`: [`Game::move_text`].
    pub text: Option<&'a Written<G>>,
}

/// The page of `answer`, solved from `start`; `notes` (the solve's own) shown above.
pub(super) fn page<G: Game>(
    d: &Drawing<G>,
    title: &str,
    start: &G::Position,
    answer: &Solve,
    notes: &[String],
) -> Page {
    let mut page = Page::new(d.game, title, (d.position)(start), (d.picture)(start, None));
    page.notes.push(verdict(answer));
    page.notes.extend(notes.iter().cloned());
    let mut tree = Tree {
        d,
        page,
        lost: Vec::new(),
        last: HashMap::new(),
    };
    let s = &answer.solution;
    match &answer.help {
        // help play: every solution, lines sharing their first moves
        Some(help) => {
            for line in &help.solutions {
                tree.help_line(start, line);
            }
        }
        None if s.tree.is_empty() => tree.line(0, start, &s.moves, "key"),
        None => {}
    }
    for (i, key) in s.tree.iter().enumerate() {
        let role = if i == 0 { "key" } else { "cook" };
        tree.attack(0, start, key, role);
    }
    for t in &s.tries {
        if let Some((node, pos)) = tree.play(0, start, &t.mv, Some("try")) {
            for r in &t.refutations {
                tree.play(node, &pos, r, Some("refutation"));
            }
        }
    }
    let mut page = tree.page;
    if !tree.lost.is_empty() {
        let some: Vec<&str> = tree.lost.iter().take(3).map(String::as_str).collect();
        page.notes.push(format!(
            "{} moves of the solution (and what follows them) matched no legal move and are \
             not shown: {}",
            tree.lost.len(),
            some.join("; ")
        ));
    }
    page
}

/// The verdict line: "solved: mate in 5 plies, unique", "unknown (stopped by time)", …
fn verdict(a: &Solve) -> String {
    let word = |v: serde_json::Value| v.as_str().unwrap_or("").to_string();
    let mut words = word(serde_json::to_value(a.result).unwrap_or_default());
    if let Some(n) = a.solution.length.value {
        let unit = word(serde_json::to_value(a.solution.length.unit).unwrap_or_default());
        let unit = if n == 1 {
            unit.trim_end_matches('s')
        } else {
            &unit
        };
        words.push_str(&format!(": {} in {n} {unit}", a.stipulation.goal.word()));
    }
    if let Some(by) = a.stopped_by {
        words.push_str(&format!(" (stopped by the {} limit)", by.word()));
    }
    match a.solution.unique {
        Some(true) => words.push_str(", unique"),
        Some(false) => words.push_str(", not unique"),
        None => {}
    }
    words
}

struct Tree<'a, G: Game> {
    d: &'a Drawing<'a, G>,
    page: Page,
    /// Moves whose text matched no legal move (with everything below them).
    lost: Vec<String>,
    /// The move that led to each node.
    last: HashMap<usize, G::Move>,
}

impl<G: Game> Tree<'_, G> {
    /// A move of the solving side, its threat, and every defence with its answers.
    fn attack(&mut self, parent: usize, pos: &G::Position, a: &AttackNode, role: &str) {
        let Some((node, after)) = self.play(parent, pos, &a.mv, Some(role)) else {
            return;
        };
        let n = self.page.node_mut(node);
        if !a.threat.is_empty() {
            n.comments.push(format!("threat: {}", a.threat.join(" ")));
        }
        if a.zugzwang {
            n.comments.push("zugzwang".into());
        }
        if a.partial {
            n.comments.push("only the main defence is listed".into());
        }
        for d in &a.defences {
            let role = if d.futile { "futile" } else { "defence" };
            let Some((dn, answered)) = self.play(node, &after, &d.mv, Some(role)) else {
                continue;
            };
            for (i, r) in d.replies.iter().enumerate() {
                let role = if i == 0 { "answer" } else { "dual" };
                self.attack(dn, &answered, r, role);
            }
        }
    }

    /// A line of moves (a solution with no tree).
    fn line(&mut self, parent: usize, pos: &G::Position, moves: &[String], role: &str) {
        let (mut at, mut pos) = (parent, pos.clone());
        for (i, mv) in moves.iter().enumerate() {
            let role = (i == 0).then_some(role);
            match self.play(at, &pos, mv, role) {
                Some((node, after)) => (at, pos) = (node, after),
                None => return,
            }
        }
    }

    /// One solution of help play from the start, through the nodes of the lines drawn
    /// before it where it shares their moves; its last node names it.
    fn help_line(&mut self, start: &G::Position, line: &HelpLine) {
        let (mut at, mut pos) = (0, start.clone());
        for (i, mv) in line.moves.iter().enumerate() {
            let ply = self.page.nodes()[at].ply + 1;
            let text = format!("{ply} {mv}");
            let drawn = self.page.children(at);
            let same = drawn
                .into_iter()
                .find(|&c| self.page.nodes()[c].text == text);
            let next = match same.and_then(|c| Some((c, self.last.get(&c)?.clone()))) {
                Some((c, m)) => Some((c, G::play_unchecked(&pos, &m))),
                None => self.play(at, &pos, mv, (i == 0).then_some("key")),
            };
            let Some(next) = next else { return };
            (at, pos) = next;
        }
        let short = if line.short { " (short)" } else { "" };
        let name = format!("solution {}{short}", line.number);
        self.page.node_mut(at).comments.push(name);
    }

    /// Play the solver's move `text` after node `parent`: its node and position, or `None`
    /// when no legal move has that text.
    fn play(
        &mut self,
        parent: usize,
        pos: &G::Position,
        text: &str,
        role: Option<&str>,
    ) -> Option<(usize, G::Position)> {
        let previous = self.last.get(&parent).cloned();
        let Some(mv) = find::<G>(pos, text, |m| match self.d.text {
            Some(write) => write(pos, previous.clone(), m),
            None => G::move_text(pos, &m),
        }) else {
            self.lost.push(text.to_string());
            return None;
        };
        let after = G::play_unchecked(pos, &mv);
        let ply = self.page.nodes()[parent].ply + 1;
        let mut node = Node::after(
            parent,
            ply,
            format!("{ply} {text}"),
            (self.d.position)(&after),
        );
        node.role = role.map(str::to_string);
        let picture = (self.d.picture)(&after, Some((pos, mv.clone())));
        let node = self.page.push(node, Some(picture));
        self.last.insert(node, mv);
        Some((node, after))
    }
}

/// The legal move `write` writes as `text`, check and mate signs aside.
fn find<G: Game>(
    pos: &G::Position,
    text: &str,
    write: impl Fn(G::Move) -> String,
) -> Option<G::Move> {
    // 5D's softmate mark `*` too
    let bare = |t: &str| t.trim_end_matches(['+', '#', '*', '!', '?']).to_string();
    let want = bare(text);
    let written: Vec<(G::Move, String)> = G::legal_moves(pos)
        .into_iter()
        .map(|m| (m.clone(), write(m)))
        .collect();
    let exact = written.iter().find(|(_, w)| w == text);
    exact
        .or_else(|| written.iter().find(|(_, w)| bare(w) == want))
        .map(|(m, _)| m.clone())
}
