//! Printing whole card records in CSA, KIF and KI2 (rules §5.5): the card headers
//! (`$CARDS+:`/`$CARDS-:`/`$CARD_EFFECTS:`, `先手のカード：`/`後手のカード：`/`カード効果：`)
//! and card move lines. Standard shogi's printers lay out everything else (headers,
//! diagram, times, comments, ending, variations) from the plies' texts written here, so a
//! card record keeps what a standard record keeps. Reading is in `records_read`.

use crate::games::shogi::io::{Format, losses};
use crate::games::shogi::notation::csa;
use crate::games::shogi::notation::kif::Flavor;
use crate::games::shogi::notation::kif::layout::print_with_texts;
use crate::games::shogi::record::{MoveText, Record, RecordMove};
use crate::games::shogi::setup::Setup;
use crate::games::shogi::timing;
use crate::games::shogi::types::{Color, Move, Square};

use super::cardmoves::legal_plies;
use super::notation_read::{Form, print_in};
use super::position::{CardMove, CardPosition};
use super::validate::CardRecord;

pub use super::records_read::parse_card_record;

/// The effects as CSA/KIF write them: `I55`, `D-3`.
fn effect_tokens(pos: &CardPosition) -> Vec<String> {
    let mut fx = Vec::new();
    if let Some(s) = pos.invincible() {
        fx.push(format!("I{}{}", s.file(), s.rank()));
    }
    for c in Color::BOTH {
        for f in 1..=9 {
            if pos.d_file(c, f) {
                fx.push(format!("D{}{f}", if c == Color::Black { '+' } else { '-' }));
            }
        }
    }
    fx
}

fn one_side_cards(pos: &CardPosition, c: Color) -> String {
    pos.cards(c).iter().map(|k| k.letter()).collect()
}

/// The card headers of `start`, spelt for `form`; they lead the header lines.
fn card_headers(form: Form, start: &CardPosition) -> Vec<(String, String)> {
    let (b, w, fx) = (
        one_side_cards(start, Color::Black),
        one_side_cards(start, Color::White),
        effect_tokens(start),
    );
    match form {
        Form::Csa => vec![
            ("$CARDS+".into(), b),
            ("$CARDS-".into(), w),
            ("$CARD_EFFECTS".into(), fx.join(",")),
        ],
        Form::Kif | Form::Ki2 => {
            let none = |s: String| {
                if s.is_empty() {
                    "なし".to_string()
                } else {
                    s
                }
            };
            vec![
                ("先手のカード".into(), none(b)),
                ("後手のカード".into(), none(w)),
                ("カード効果".into(), none(fx.join(" "))),
            ]
        }
    }
}

/// The texts of a line of plies played from `pos`, and the positions before each.
fn line_texts(
    form: Form,
    mut pos: CardPosition,
    mut previous: Option<Square>,
    plies: &[CardMove],
) -> (Vec<String>, Vec<(CardPosition, Option<Square>)>) {
    let mut texts = Vec::with_capacity(plies.len());
    let mut played = Vec::with_capacity(plies.len() + 1);
    for &m in plies {
        played.push((pos.clone(), previous));
        texts.push(print_in(form, &pos, m, previous, &legal_plies(&pos)));
        previous = m.last_destination();
        pos = pos.after(m);
    }
    played.push((pos, previous));
    (texts, played)
}

/// A record carrying nothing but the start (for plies read from USI-style text).
fn bare(start: &CardPosition, plies: usize) -> Record {
    let setup = Setup::from_position(start.shogi());
    let nowhere = Square::new(1, 1).expect("on the board");
    let placeholder = RecordMove::new(
        MoveText::Usi(Move::Board {
            from: nowhere,
            to: nowhere,
            promote: false,
        }),
        Default::default(),
    );
    Record {
        start: setup,
        moves: vec![placeholder; plies],
        ..Record::default()
    }
}

/// Print a card record in `form` from `start` with `plies` and nothing else (no times,
/// comments or ending). The plies must be legal.
pub fn print_card_record(form: Form, start: &CardPosition, plies: &[CardMove]) -> String {
    print_annotated(form, start, plies, &[], &bare(start, plies.len()))
}

/// Print a record read from any notation in `form`, keeping its annotations.
pub fn print_card_record_of(form: Form, rec: &CardRecord) -> String {
    let plies: Vec<CardMove> = rec.plies.iter().map(|p| p.0).collect();
    let variations: Vec<(usize, Vec<CardMove>)> = rec
        .variations
        .iter()
        .map(|v| (v.ply, v.plies.clone()))
        .collect();
    match &rec.annotations {
        Some(a) => print_annotated(form, &rec.start, &plies, &variations, a),
        None => print_card_record(form, &rec.start, &plies),
    }
}

/// What printing `rec` in `format` leaves out (times, comments, headers, ending,
/// variations), as for standard records.
pub fn card_losses(rec: &CardRecord, format: Format) -> Vec<&'static str> {
    rec.annotations
        .as_ref()
        .map_or_else(Vec::new, |a| losses(a, format))
}

fn print_annotated(
    form: Form,
    start: &CardPosition,
    plies: &[CardMove],
    variations: &[(usize, Vec<CardMove>)],
    notes: &Record,
) -> String {
    let mut rec = notes.clone();
    rec.start = Setup::from_position(start.shogi());
    rec.headers = card_headers(form, start);
    rec.headers.extend(notes.headers.iter().cloned());
    let times: Vec<Option<String>> = rec.moves.iter().map(|m| m.time.clone()).collect();
    let times = match form {
        Form::Csa => timing::convert(&times, false),
        Form::Kif => timing::convert(&times, true),
        Form::Ki2 => vec![None; times.len()],
    };
    for (m, t) in rec.moves.iter_mut().zip(times) {
        m.time = t;
    }
    let (main, main_played) = line_texts(form, start.clone(), None, plies);
    let mut texts = vec![main];
    let mut played = vec![main_played];
    for (k, (ply, line)) in variations.iter().enumerate() {
        let parent = notes
            .variations
            .get(k)
            .and_then(|v| v.parent)
            .filter(|&p| p < k)
            .map_or(0, |p| p + 1);
        let first = if parent == 0 {
            1
        } else {
            variations[parent - 1].0
        };
        let before = &played[parent];
        let (pos, previous) = before[ply.saturating_sub(first).min(before.len() - 1)].clone();
        let (t, p) = line_texts(form, pos, previous, line);
        texts.push(t);
        played.push(p);
    }
    match form {
        Form::Csa => csa::print_with_texts(&rec, &texts[0]),
        Form::Kif => print_with_texts(&rec, Flavor::Kif, &texts),
        Form::Ki2 => print_with_texts(&rec, Flavor::Ki2, &texts),
    }
}
