//! Card-shogi records in USI-style text and their replay with the full rules: every ply
//! parsed, checked (with the rule it breaks and the span of the card letter or the
//! offending part), played; mate (card replies included) and sennichite over the
//! card-aware position identity (§2.8) detected.

use crate::games::shogi::ShogiRule;
use std::collections::HashMap;

use crate::core::{CommonRule, Problem, Span};
use crate::games::shogi::notation::sfen::STARTPOS;
use crate::games::shogi::record::Record;
use crate::games::shogi::setup::side_name;
use crate::games::shogi::types::Color;
use crate::games::shogi::validate::stated_result;

use super::cardmoves::{has_legal_ply, is_mated};
use super::notation::{PlySpans, parse_ply, parse_sfen_c, ply_text, to_sfen_c};
use super::position::{CardMove, CardPosition};
use super::rules::check_ply;

/// A card record read without judging legality: the start and each ply with its spans.
#[derive(Clone, Debug)]
pub struct CardRecord {
    /// The start position.
    pub start: CardPosition,
    /// Where the start is written.
    pub start_span: Span,
    /// Whether the start stated the cards field (a card tsume must, §4.1).
    pub cards_stated: bool,
    /// The plies, each with the spans of its parts.
    pub plies: Vec<(CardMove, PlySpans)>,
    /// What a CSA, KIF or KI2 record says besides its plies, as standard shogi's reader
    /// read it: headers (the card headers taken out), comments, each ply's time and
    /// comments, the stated ending, variations. Its moves are as written, each span in the
    /// source (a card ply as a claimed token), but the plies are `plies` and `variations`.
    /// `None` for USI-style text, which carries none of it.
    pub annotations: Option<Record>,
    /// The variations' plies, in the order of `annotations.variations`.
    pub variations: Vec<CardVariation>,
}

/// A side line of a card record, replacing the main line from ply `ply` (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardVariation {
    pub ply: usize,
    pub plies: Vec<CardMove>,
}

/// Read `[position] (startpos | [sfen] <SFEN-C>) [moves <ply> …]`. The SFEN-C ends at
/// `moves` or after its six fields.
pub fn parse_record(text: &str) -> Result<CardRecord, Problem> {
    let words: Vec<(&str, Span)> = text
        .split_ascii_whitespace()
        .map(|w| (w, Span::of(text, w)))
        .collect();
    let mut i = 0;
    if words.first().is_some_and(|w| w.0 == "position") {
        i += 1;
    }
    let Some(&(first, first_span)) = words.get(i) else {
        return Err(Problem::syntax(
            "empty record: expected `startpos` or an SFEN-C",
            Span::new(0, text.len()),
        ));
    };
    let (start, start_span, cards_stated) = if first == "startpos" {
        i += 1;
        let (p, _) = parse_sfen_c(STARTPOS).expect("the start position is valid");
        (p, first_span, false)
    } else {
        if first == "sfen" {
            i += 1;
        }
        let from = i;
        while i < words.len() && words[i].0 != "moves" && i - from < 6 {
            i += 1;
        }
        if i == from {
            return Err(Problem::syntax(
                "expected an SFEN-C after `sfen`",
                first_span,
            ));
        }
        let span = words[from].1.join(words[i - 1].1);
        let (p, stated) =
            parse_sfen_c(&text[span.offset..span.end()]).map_err(|p| p.shifted(span.offset))?;
        (p, span, stated)
    };
    if let Some(&(w, span)) = words.get(i) {
        if w != "moves" {
            return Err(Problem::syntax(
                format!("expected `moves`, found `{w}`"),
                span,
            ));
        }
        i += 1;
    }
    let mut plies = Vec::new();
    for &(w, span) in &words[i..] {
        let (mv, spans) = parse_ply(w).map_err(|p| p.shifted(span.offset))?;
        let shift = |s: Span| {
            if s.len == 0 && s.offset == 0 {
                s
            } else {
                s.shifted(span.offset)
            }
        };
        plies.push((
            mv,
            PlySpans {
                card: spans.card.map(shift),
                parts: [shift(spans.parts[0]), shift(spans.parts[1])],
            },
        ));
    }
    Ok(CardRecord {
        start,
        start_span,
        cards_stated,
        plies,
        annotations: None,
        variations: Vec::new(),
    })
}

/// Canonical text: `position sfen <SFEN-C> moves …`.
pub fn print_record(start: &CardPosition, plies: &[CardMove]) -> String {
    let mut out = format!("position sfen {}", to_sfen_c(start));
    if !plies.is_empty() {
        out.push_str(" moves");
        for &m in plies {
            out.push(' ');
            out.push_str(&ply_text(m));
        }
    }
    out
}

/// What replaying a record found.
#[derive(Clone, Debug)]
pub struct CardReplay {
    /// The plies played, up to the first illegal one.
    pub plies: Vec<CardMove>,
    /// Every rule broken; empty when the record is valid.
    pub problems: Vec<Problem>,
    /// `(winner, reason)`: winner `black`/`white` or `None`; reason `checkmate`, `no_move`,
    /// `repetition`, `perpetual_check`, the record's stated ending (`resign`, …) or
    /// `unfinished`.
    pub result: (Option<String>, String),
    /// The position after the last legal ply.
    pub end: CardPosition,
}

fn name(c: Color) -> String {
    side_name(c).to_lowercase()
}

/// Replay a record; stops at the first illegal ply.
pub fn replay(record: &CardRecord) -> CardReplay {
    let mut pos = record.start.clone();
    let mut plies = Vec::new();
    let mut problems = Vec::new();
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    seen.entry(pos.key()).or_default().push(0);
    let mut gave_check = Vec::new();
    let mut result: Option<(Option<String>, String)> = None;
    for (i, &(mv, spans)) in record.plies.iter().enumerate() {
        let ply = i + 1;
        if let Some(r) = &result {
            problems.push(
                Problem::new(
                    CommonRule::GameOver,
                    format!("the game was already over ({})", r.1),
                    spans.whole(),
                )
                .at_ply(ply),
            );
            break;
        }
        let mover = pos.side_to_move();
        match check_ply(&pos, mv) {
            Ok(next) => pos = next,
            Err(e) => {
                problems.push(Problem::new(e.rule, e.message, spans.of_part(e.part)).at_ply(ply));
                break;
            }
        }
        plies.push(mv);
        gave_check.push(pos.in_check());
        let occ = seen.entry(pos.key()).or_default();
        occ.push(ply);
        if occ.len() >= 4 {
            let first = occ[occ.len() - 4];
            let checks_by = |offset: usize| {
                (first + 1..=ply)
                    .filter(|p| (ply - p) % 2 == offset)
                    .all(|p| gave_check[p - 1])
            };
            if checks_by(0) {
                problems.push(Problem::new(ShogiRule::PerpetualCheck, "this ply repeats the position a fourth time with every ply of the mover since the first occurrence giving check: the checking side loses", spans.whole()).at_ply(ply));
                result = Some((Some(name(mover.flip())), "perpetual_check".into()));
                break;
            }
            result = Some(if checks_by(1) {
                (Some(name(mover)), "perpetual_check".into())
            } else {
                (None, "repetition".into())
            });
            continue;
        }
        if is_mated(&pos) {
            result = Some((Some(name(mover)), "checkmate".into()));
        } else if !has_legal_ply(&pos) {
            result = Some((Some(name(mover)), "no_move".into()));
        }
    }
    let result = result.unwrap_or_else(|| {
        let ending = record
            .annotations
            .as_ref()
            .and_then(|a| a.ending.as_ref())
            .map(|e| &e.0);
        let stated = stated_result(ending, pos.side_to_move());
        (stated.winner, stated.reason)
    });
    CardReplay {
        plies,
        problems,
        result,
        end: pos,
    }
}
