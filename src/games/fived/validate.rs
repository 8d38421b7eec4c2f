//! Replaying a 5DPGN record (§4, §10): every action checked, every problem spanned and named.

use super::claims;
use super::movegen::Move;
use super::multiverse::Multiverse;
use super::record::{Item, Record};
use super::resolve::resolve;
use super::setup;
use super::types::Colour;
use crate::core::{CommonRule, Problem, Span};
use crate::games::fived::FivedRule;

/// An action as played: its moves and the span of its text.
#[derive(Clone, Debug)]
pub struct Played {
    pub player: Colour,
    pub moves: Vec<Move>,
    pub span: Span,
}

/// The outcome of a replay.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The initial multiverse, when the set-up could be built.
    pub start: Option<Multiverse>,
    /// The nodal state after the last complete action.
    pub end: Option<Multiverse>,
    /// The actions played, up to the first illegal one.
    pub actions: Vec<Played>,
    /// Errors: the replay stops at the first rule error.
    pub problems: Vec<Problem>,
    /// Redundant marks that were wrong, turn numbers out of step, and the like.
    pub warnings: Vec<Problem>,
    /// The result: the record's, or `1-0`/`0-1`/`1/2-1/2` by the rules.
    pub result: Option<String>,
}

struct Replayer<'a> {
    rec: &'a Record,
    mv: Multiverse,
    pending: Vec<Move>,
    pending_span: Option<Span>,
    /// The check mark written in the action in progress, with its move's span.
    pending_mark: Option<(char, Span)>,
    /// The timeline the last move created, for a `(>Ln)` claim after it.
    last_created: Option<i32>,
    out: Replay,
    /// Full-turn counter for the R-7 consistency warning.
    actions_done: usize,
    first_player: Colour,
}

/// Replay a record from its start position.
pub fn replay(rec: &Record, text: &str) -> Replay {
    let mut out = Replay {
        start: None,
        end: None,
        actions: vec![],
        problems: vec![],
        warnings: vec![],
        result: None,
    };
    let mv = match setup::initial(rec, text) {
        Ok(mv) => mv,
        Err(p) => {
            out.problems.push(p);
            return out;
        }
    };
    out.start = Some(mv.clone());
    if let Some(t) = rec.tag("Variant") {
        let msg = format!(
            "`{}` is the old name of the `Board` tag{}",
            t.name,
            if rec.tag("Board").is_some() {
                "; `Board` is used"
            } else {
                ""
            }
        );
        out.warnings
            .push(Problem::new(FivedRule::LegacyTag, msg, t.span));
    }
    let first_player = mv.to_move();
    let mut r = Replayer {
        rec,
        mv,
        pending: vec![],
        pending_span: None,
        pending_mark: None,
        last_created: None,
        out,
        actions_done: 0,
        first_player,
    };
    r.run();
    r.out
}

impl Replayer<'_> {
    fn run(&mut self) {
        for item in &self.rec.items {
            if let Err(p) = self.item(item) {
                let ply = self.out.actions.len() + 1;
                self.out.problems.push(p.at_ply(ply));
                self.out.end = Some(self.mv.clone());
                return;
            }
        }
        if !self.pending.is_empty()
            && let Err(p) = self.submit(self.pending_span.unwrap_or_default())
        {
            if p.rule == FivedRule::MissingMandatoryBoard {
                let msg = format!("the record ends inside an unfinished action: {}", p.message);
                self.out
                    .warnings
                    .push(Problem::new(FivedRule::IncompleteAction, msg, p.span));
                self.pending.clear();
                self.mv = self.last_nodal_state();
            } else {
                self.out.problems.push(p.at_ply(self.out.actions.len() + 1));
            }
        }
        self.out.end = Some(self.mv.clone());
    }

    /// The state before the unfinished action (R-18: the position is the last nodal state).
    fn last_nodal_state(&self) -> Multiverse {
        let mut mv = self.out.start.clone().unwrap_or_else(setup::standard);
        for a in &self.out.actions {
            if let Some(next) = mv.after_action(&a.moves) {
                mv = next;
            }
        }
        mv
    }

    fn item(&mut self, item: &Item) -> Result<(), Problem> {
        match item {
            Item::Turn {
                number,
                colour,
                span,
            } => {
                self.boundary(*span)?;
                self.check_serial(*number, *colour, *span)
            }
            Item::Slash { span } => self.boundary(*span),
            Item::Move(m) => self.play(m),
            Item::Present { turn, span } => {
                self.claim_present(*turn, *span);
                Ok(())
            }
            Item::Result { text, .. } => {
                self.out.result = Some(text.clone());
                Ok(())
            }
            Item::NewTimeline {
                negative,
                number,
                span,
            } => {
                self.out.warnings.extend(claims::timeline_label(
                    &self.mv,
                    self.last_created,
                    *negative,
                    *number,
                    *span,
                ));
                Ok(())
            }
            Item::Variation { .. } | Item::Annotation { .. } => Ok(()),
        }
    }

    /// A turn serial or `/` ends the action in progress, if any.
    fn boundary(&mut self, span: Span) -> Result<(), Problem> {
        if self.pending.is_empty() {
            Ok(())
        } else {
            self.submit(self.pending_span.unwrap_or(span))
        }
    }

    fn submit(&mut self, span: Span) -> Result<(), Problem> {
        let p = self.pending_player();
        if self.mv.to_move() == p {
            let boards: Vec<String> = self
                .mv
                .mandatory(p)
                .iter()
                .map(|&l| self.board_name(l))
                .collect();
            return Err(Problem::new(
                FivedRule::MissingMandatoryBoard,
                format!(
                    "the action cannot be submitted: the present has not passed (still to move on {})",
                    boards.join(", ")
                ),
                span,
            ));
        }
        if self.mv.royal_capturable(p.other()) {
            return Err(Problem::new(
                CommonRule::SelfCheck,
                "the action leaves a royal piece capturable",
                span,
            ));
        }
        let moves = std::mem::take(&mut self.pending);
        self.out.actions.push(Played {
            player: p,
            moves,
            span,
        });
        self.pending_span = None;
        if let Some((mark, span)) = self.pending_mark.take() {
            self.out
                .warnings
                .extend(claims::check_mark(&self.mv, mark, span));
        }
        self.actions_done += 1;
        Ok(())
    }

    fn pending_player(&self) -> Colour {
        self.out
            .actions
            .last()
            .map_or(self.first_player, |a| a.player.other())
    }

    fn board_name(&self, l: i32) -> String {
        let v = self.mv.end_v(l).unwrap_or(0);
        format!("({}T{})", self.mv.label(l), Multiverse::turn_of(v))
    }

    /// `Nw.`/`Nb.` naming the wrong player is an error, a wrong number a warning.
    fn check_serial(
        &mut self,
        number: u32,
        colour: Option<Colour>,
        span: Span,
    ) -> Result<(), Problem> {
        let p = self.pending_player();
        if let Some(c) = colour.filter(|&c| c != p) {
            return Err(Problem::new(
                CommonRule::WrongSide,
                format!("this turn is {p:?}'s, not {c:?}'s"),
                span,
            ));
        }
        // N counts full turns (pairs of actions), not board turns.
        let black_first = usize::from(self.first_player == Colour::Black);
        let expected = ((self.actions_done + black_first) / 2 + 1) as u32;
        if number != expected {
            self.out.warnings.push(Problem::new(
                CommonRule::MoveNumber,
                format!("this is full turn {expected}, the record says {number}"),
                span,
            ));
        }
        Ok(())
    }

    fn claim_present(&mut self, turn: u32, span: Span) {
        let now = Multiverse::turn_of(self.mv.present()) as u32;
        if now != turn {
            self.out.warnings.push(Problem::new(
                FivedRule::WrongPresentClaim,
                format!("the present is turn {now}, the record says {turn}"),
                span,
            ));
        }
    }

    fn play(&mut self, text: &super::record::MoveText) -> Result<(), Problem> {
        let p = self.pending_player();
        let all = self.mv.single_moves(p);
        let resolved = resolve(&self.mv, p, text, &all)?;
        self.out.warnings.extend(resolved.warnings);
        let before = self.mv.present();
        let applied = self.mv.apply(&resolved.mv).ok_or_else(|| {
            Problem::new(
                CommonRule::IllegalMove,
                "this move cannot be made",
                text.span,
            )
        })?;
        let rewinds = applied.created.is_some_and(|l| {
            self.mv.active(l) && self.mv.timeline(l).is_some_and(|t| t.start < before)
        });
        if text.tilde && !rewinds {
            self.out.warnings.push(Problem::new(
                FivedRule::WrongPresentClaim,
                "`~` claims the present moved back, but it did not",
                text.span,
            ));
        }
        self.last_created = applied.created;
        if let Some(mark) = text.mark {
            self.pending_mark = Some((mark, text.span));
        }
        self.pending.push(resolved.mv);
        self.pending_span = Some(self.pending_span.map_or(text.span, |s| s.join(text.span)));
        Ok(())
    }
}

impl Replay {
    /// The start and the state after each complete action, in order.
    pub fn nodal_states(&self) -> Vec<Multiverse> {
        let Some(mut mv) = self.start.clone() else {
            return vec![];
        };
        let mut out = vec![mv.clone()];
        for a in &self.actions {
            match mv.after_action(&a.moves) {
                Some(next) => mv = next,
                None => break,
            }
            out.push(mv.clone());
        }
        out
    }
}
