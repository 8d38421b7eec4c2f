//! Reading whole card records in CSA, KIF and KI2 (rules §5.5).
//!
//! Everything a record says besides its plies (headers, comments, each ply's time and
//! comments, the stated ending, variations) is read by standard shogi's readers, so card
//! records keep exactly what standard records keep. Those readers do not know card plies:
//! their move-token hook hands each card ply back as written, with its span in the source,
//! and the plies are resolved, one by one, against the card position.

use crate::core::{Problem, Span};
use crate::games::shogi::ShogiRule;
use crate::games::shogi::notation::{csa, ki2, kif, sfen};
use crate::games::shogi::record::{Record, RecordMove};
use crate::games::shogi::types::Square;

use super::cardmoves::legal_plies;
use super::notation::{PlySpans, parse_sfen_c};
use super::notation_read::{Form, read_ply};
use super::position::{CardMove, CardPosition};
use super::rules::check_ply;
use super::validate::{CardRecord, CardVariation};

/// The header keys that carry cards and effects (CSA and KIF spellings).
pub const CARD_HEADERS: [&str; 6] = [
    "$CARDS+",
    "$CARDS-",
    "$CARD_EFFECTS",
    "先手のカード",
    "後手のカード",
    "カード効果",
];

/// Is `t` (after any sign or turn mark) a card letter and a colon?
fn is_card_text(t: &str) -> bool {
    let mut cs = t.chars();
    let first = cs.next();
    let first = if matches!(first, Some('+' | '-' | '▲' | '△' | '☗' | '☖')) {
        cs.next()
    } else {
        first
    };
    first.is_some_and(|c| c.is_ascii_uppercase() || ('Ａ'..='Ｚ').contains(&c))
        && cs.next() == Some(':')
}

/// The move-token hook given to standard shogi's readers: the length of the card ply
/// that `token` (a move token to the end of its line) starts with, if it is one. A card
/// ply ends where a plain move of its form would end: KIF's at an ASCII blank, KI2's at
/// the next turn mark (blanks before it dropped), CSA's at a v2.2 comma that starts a
/// time.
fn card_ply_len(form: Form, token: &str) -> Option<usize> {
    let text = match form {
        Form::Csa => csa_move(token),
        Form::Kif => token
            .split(|c: char| c.is_ascii_whitespace())
            .next()
            .unwrap_or(""),
        Form::Ki2 => {
            let first = token.chars().next().map_or(0, char::len_utf8);
            let end = token[first..]
                .find(['▲', '△', '☗', '☖'])
                .map_or(token.len(), |i| first + i);
            token[..end].trim_end_matches([' ', '　', '\t'])
        }
    };
    is_card_text(text).then_some(text.len())
}

/// A CSA move up to a v2.2 comma that starts a time (`+7776FU,T12`): card texts contain
/// commas too, so only a comma followed by `T` or `'` ends the move.
fn csa_move(t: &str) -> &str {
    let end = t
        .match_indices(',')
        .map(|(i, _)| i)
        .find(|&i| t[i + 1..].starts_with(['T', '\'']))
        .unwrap_or(t.len());
    t[..end].trim_end()
}

/// The positions before each ply of a line (and after the last), each with the previous
/// ply's last destination there.
type Played = Vec<(CardPosition, Option<Square>)>;

/// A resolved line: its plies and the positions it went through. `stopped` is set when
/// a ply is well-formed but illegal: it is the line's last ply, and replaying the record
/// reports the rule it breaks (the plies after it cannot be resolved).
struct Line {
    plies: Vec<(CardMove, PlySpans)>,
    played: Played,
    stopped: bool,
}

fn shifted(s: PlySpans, by: usize) -> PlySpans {
    let shift = |x: Span| {
        if x.len > 0 || x.offset > 0 {
            x.shifted(by)
        } else {
            x
        }
    };
    PlySpans {
        card: s.card.map(|c| c.shifted(by)),
        parts: [shift(s.parts[0]), shift(s.parts[1])],
    }
}

/// A plain move (no card) as standard shogi's reader resolves it — which accepts every
/// spelling it knows (王/玉, optional words, 不成 …) — when that is a legal ply here. A
/// card ply (claimed by the hook) never resolves as a shogi move.
fn plain_move(
    pos: &CardPosition,
    previous: Option<Square>,
    m: &RecordMove,
    legal: &[CardMove],
) -> Option<CardMove> {
    let mv = CardMove::plain(m.text.resolve(pos.shogi(), previous).ok()?);
    legal.contains(&mv).then_some(mv)
}

fn resolve_line(
    form: Form,
    source: &str,
    moves: &[RecordMove],
    mut pos: CardPosition,
    mut previous: Option<Square>,
    first_ply: usize,
) -> Result<Line, Problem> {
    let mut line = Line {
        plies: Vec::with_capacity(moves.len()),
        played: vec![(pos.clone(), previous)],
        stopped: false,
    };
    for (i, m) in moves.iter().enumerate() {
        let at = m.span.offset.min(source.len());
        let text = source.get(at..m.span.end()).unwrap_or("");
        let legal = legal_plies(&pos);
        let (mv, spans) = match plain_move(&pos, previous, m, &legal) {
            Some(mv) => (
                mv,
                PlySpans {
                    card: None,
                    parts: [Span::new(0, text.len()), Span::default()],
                },
            ),
            None => read_ply(form, &pos, text, previous)
                .map_err(|p| p.shifted(at).at_ply(first_ply + i))?,
        };
        line.plies.push((mv, shifted(spans, at)));
        if !legal.contains(&mv) {
            line.stopped = true;
            break;
        }
        previous = mv.last_destination();
        pos = pos.after(mv);
        line.played.push((pos.clone(), previous));
    }
    Ok(line)
}

/// The card headers as SFEN-C fields (cards, effects); missing headers = full sets.
fn card_fields(form: Form, headers: &[(String, String)]) -> Result<(String, String), Problem> {
    let get = |keys: [&str; 2]| {
        headers
            .iter()
            .find(|(k, _)| keys.contains(&k.as_str()))
            .map(|(_, v)| v.trim().to_string())
    };
    let none = |v: Option<String>| v.map(|s| if s == "なし" { String::new() } else { s });
    let (b, w) = (
        none(get(["$CARDS+", "先手のカード"])),
        none(get(["$CARDS-", "後手のカード"])),
    );
    let fx = none(get(["$CARD_EFFECTS", "カード効果"]));
    let cards = match (b, w) {
        (None, None) => "QTRPIABDGSWCqtrpiabdgswc".to_string(),
        (b, w) => {
            let s = format!(
                "{}{}",
                b.unwrap_or_default(),
                w.unwrap_or_default().to_lowercase()
            );
            if s.is_empty() { "-".into() } else { s }
        }
    };
    let sep = if form == Form::Csa { ',' } else { ' ' };
    let mut out = Vec::new();
    for tok in fx.unwrap_or_default().split(sep).filter(|t| !t.is_empty()) {
        out.push(effect_token(tok)?);
    }
    Ok((
        cards,
        if out.is_empty() {
            "-".into()
        } else {
            out.join(",")
        },
    ))
}

/// `I55` → `I5e`, `D-3` → `Dw3` (the SFEN-C spelling).
fn effect_token(tok: &str) -> Result<String, Problem> {
    match tok.as_bytes() {
        [b'I', f @ b'1'..=b'9', r @ b'1'..=b'9'] => {
            Ok(format!("I{}{}", *f as char, (b'a' + r - b'1') as char))
        }
        [b'D', s @ (b'+' | b'-'), f @ b'1'..=b'9'] => Ok(format!(
            "D{}{}",
            if *s == b'+' { 'b' } else { 'w' },
            *f as char
        )),
        _ => Err(Problem::syntax(
            format!("`{tok}` is not a card effect (like I55 or D-3)"),
            Span::default(),
        )),
    }
}

/// Read a card record in CSA, KIF or KI2. Each ply (of the main line and of every
/// variation) is resolved against the position it is played in. A main-line ply that is
/// well-formed but illegal ends the main line (replaying reports the rule it breaks);
/// text that names no ply, or an illegal ply in a variation, is the error.
pub fn parse_card_record(form: Form, source: &str) -> Result<CardRecord, Problem> {
    let hook = &mut |token: &str| card_ply_len(form, token);
    let mut rec: Record = match form {
        Form::Csa => csa::parse_record_with(source, hook),
        Form::Kif => kif::parse_record_with(source, hook),
        Form::Ki2 => ki2::parse_record_with(source, hook),
    }?;
    let (cards, effects) = card_fields(form, &rec.headers)?;
    let sfen_c = format!("{} {cards} {effects}", sfen::to_sfen(&rec.start.build()));
    let (start, _) = parse_sfen_c(&sfen_c).map_err(|p| Problem {
        span: rec.start_span,
        ..p
    })?;
    let cards_stated = rec
        .headers
        .iter()
        .any(|(k, _)| CARD_HEADERS[..2].contains(&k.as_str()) || k.ends_with("のカード"));
    let main = resolve_line(form, source, &rec.moves, start.clone(), None, 1)?;
    let mut variations = Vec::new();
    // the positions before each ply of every line read so far (0 the main line)
    let mut played = vec![main.played.clone()];
    for (k, v) in rec.variations.iter().enumerate().filter(|_| !main.stopped) {
        let parent = v.parent.filter(|&p| p < k).map_or(0, |p| p + 1);
        let branch_point = v
            .ply
            .checked_sub(rec.line_first_ply(parent))
            .and_then(|i| played.get(parent)?.get(i))
            .cloned();
        let Some((pos, previous)) = branch_point else {
            return Err(Problem::new(
                ShogiRule::VariationOutOfRange,
                format!(
                    "a variation of ply {} branches where its line has no ply {}",
                    v.ply, v.ply
                ),
                v.span,
            ));
        };
        let side = resolve_line(form, source, &v.moves, pos, previous, v.ply)?;
        if let (Some(&(mv, spans)), Some((before, _))) = (
            side.plies.last().filter(|_| side.stopped),
            side.played.last(),
        ) {
            let e = check_ply(before, mv).expect_err("a ply outside the legal list breaks a rule");
            return Err(Problem::new(e.rule, e.message, spans.of_part(e.part))
                .at_ply(v.ply + side.plies.len() - 1));
        }
        played.push(side.played);
        variations.push(CardVariation {
            ply: v.ply,
            plies: side.plies.into_iter().map(|p| p.0).collect(),
        });
    }
    rec.headers
        .retain(|(k, _)| !CARD_HEADERS.contains(&k.as_str()));
    let start_span = rec.start_span;
    Ok(CardRecord {
        start,
        start_span,
        cards_stated,
        plies: main.plies,
        annotations: Some(rec),
        variations,
    })
}
