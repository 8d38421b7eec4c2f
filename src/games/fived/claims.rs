//! The redundant claims a record makes about the state: a check mark after an action,
//! a `(>Ln)` label after a branching jump. A reader computes the truth and warns when a claim
//! is false; the move itself stands.

use super::action::{Budget, Status, status};
use super::multiverse::Multiverse;
use crate::core::{CommonRule, Problem, Span};
use crate::games::fived::FivedRule;

/// The budget of the verdict behind a `*` or `#` mark: past it the claim is left unjudged.
const MARK_BUDGET: Budget = Budget::nodes(200_000);

/// `+`, `*` or `#` written on the last move of an action, judged on the state after it.
pub fn check_mark(after: &Multiverse, mark: char, span: Span) -> Option<Problem> {
    let (claims, claimed) = match mark {
        '+' => ("check", Status::Check),
        '*' => ("softmate", Status::Softmate),
        '#' => ("checkmate", Status::Checkmate),
        _ => return None,
    };
    // `+` only says the player to move is in check; the others need the whole verdict.
    let truth = if mark == '+' {
        if after.in_check(after.to_move()) {
            Status::Check
        } else {
            Status::Playing
        }
    } else {
        status(after, MARK_BUDGET)
    };
    if truth == claimed || truth == Status::Undecided {
        return None;
    }
    let is = format!("{truth:?}").to_lowercase();
    Some(Problem::new(
        CommonRule::WrongCheckMark,
        format!("`{mark}` claims {claims}, but the position after the action is {is}"),
        span,
    ))
}

/// `(>Ln)` after a move: the label of the timeline that move created.
pub fn timeline_label(
    mv: &Multiverse,
    created: Option<i32>,
    negative: bool,
    number: i32,
    span: Span,
) -> Option<Problem> {
    let said = Multiverse::parse_label(mv.even, negative, number);
    match created {
        Some(l) if said == Some(l) => None,
        Some(l) => {
            let written = format!("{}{number}", if negative { "-" } else { "" });
            Some(Problem::new(
                FivedRule::WrongTimelineClaim,
                format!("the new timeline is {}, not {written}", mv.label(l)),
                span,
            ))
        }
        None => Some(Problem::new(
            FivedRule::WrongTimelineClaim,
            "the move before this claim created no timeline",
            span,
        )),
    }
}
