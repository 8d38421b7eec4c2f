//! Whole card records in CSA, KIF and KI2 (rules §5.5): the card headers
//! (`$CARDS+:`/`$CARDS-:`/`$CARD_EFFECTS:`, `先手のカード：`/`後手のカード：`/`カード効果：`)
//! and card move lines. Standard shogi's readers and printers handle everything else: move
//! lines are kept aside, the rest is read as a standard record for its start position.

use crate::core::{Problem, Span};
use crate::games::shogi::notation::kif::board::{handicap_name, print_diagram};
use crate::games::shogi::notation::{csa, ki2, kif, sfen};
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::{Color, Square};

use super::cardmoves::legal_plies;
use super::notation::{PlySpans, parse_sfen_c};
use super::notation_read::{Form, parse_in, print_in};
use super::position::{CardMove, CardPosition};
use super::validate::CardRecord;

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

/// Print a card record in `form`, starting from `start`. The plies must be legal.
pub fn print_card_record(form: Form, start: &CardPosition, plies: &[CardMove]) -> String {
    let setup = Setup::from_position(start.shogi());
    let mut out = match form {
        Form::Csa => format!(
            "'CSA encoding=UTF-8\nV3.0\n$CARDS+:{}\n$CARDS-:{}\n$CARD_EFFECTS:{}\n{}",
            one_side_cards(start, Color::Black),
            one_side_cards(start, Color::White),
            effect_tokens(start).join(","),
            csa::setup_text(&setup)
        ),
        Form::Kif | Form::Ki2 => {
            let none = |s: String| if s.is_empty() { "なし".to_string() } else { s };
            let mut s = format!(
                "先手のカード：{}\n後手のカード：{}\nカード効果：{}\n",
                none(one_side_cards(start, Color::Black)),
                none(one_side_cards(start, Color::White)),
                none(effect_tokens(start).join(" "))
            );
            match handicap_name(&setup) {
                Some(name) if setup.side == Color::Black => s.push_str(&format!("手合割：{name}\n")),
                _ => s.push_str(&print_diagram(&setup)),
            }
            if form == Form::Kif {
                s.push_str("手数----指手---------消費時間--\n");
            }
            s
        }
    };
    let mut pos = start.clone();
    let mut previous = None;
    for (i, &m) in plies.iter().enumerate() {
        let text = print_in(form, &pos, m, previous, &legal_plies(&pos));
        out.push_str(&match form {
            Form::Csa => format!("{text}\n"),
            Form::Kif => format!("{:>4} {text}\n", i + 1),
            Form::Ki2 => format!("{text}\n"),
        });
        previous = m.last_destination();
        pos = pos.after(m);
    }
    out
}

/// A move as found in the text: its text and where it starts.
struct Found<'a> {
    text: &'a str,
    offset: usize,
}

fn line_offsets(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n').scan(0, |at, l| {
        let start = *at;
        *at += l.len();
        Some((start, l.trim_end_matches(['\n', '\r'])))
    })
}

/// Split a text into the lines for the standard reader and the move texts.
fn split_moves(form: Form, text: &str) -> (String, Vec<Found<'_>>) {
    let mut rest = String::new();
    let mut moves = Vec::new();
    for (at, line) in line_offsets(text) {
        let t = line.trim_start();
        let lead = at + line.len() - t.len();
        let is_move = match form {
            Form::Csa => (t.starts_with('+') || t.starts_with('-')) && t.len() > 1,
            Form::Kif => t.split_whitespace().next().is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit())),
            Form::Ki2 => t.starts_with(['▲', '△', '☗', '☖']),
        };
        if !is_move {
            rest.push_str(line);
            rest.push('\n');
            continue;
        }
        match form {
            Form::Csa => moves.extend(t.split(',').next().map(|_| Found { text: csa_move(t), offset: lead })),
            Form::Kif => {
                let num = t.split_whitespace().next().unwrap_or("");
                let after = t[num.len()..].trim_start();
                let mv = after.split(|c: char| c.is_ascii_whitespace()).next().unwrap_or("");
                if !mv.is_empty() && !mv.starts_with(['投', '中', '千', '詰', '持', '切', '反', '不', '入']) {
                    moves.push(Found { text: mv, offset: lead + (t.len() - after.len()) });
                }
            }
            Form::Ki2 => {
                let marks: Vec<usize> = t.match_indices(['▲', '△', '☗', '☖']).map(|(i, _)| i).collect();
                for (k, &s) in marks.iter().enumerate() {
                    let e = marks.get(k + 1).copied().unwrap_or(t.len());
                    let mv = t[s..e].trim_end_matches([' ', '　', '\t']);
                    moves.push(Found { text: mv, offset: lead + s });
                }
            }
        }
    }
    (rest, moves)
}

/// A CSA move line up to a v2.2 comma that starts a time (`+7776FU,T12`): the card
/// texts contain commas too, so only a comma followed by `T` or `'` ends the move.
fn csa_move(t: &str) -> &str {
    let end = t.match_indices(',').map(|(i, _)| i).find(|&i| t[i + 1..].starts_with(['T', '\''])).unwrap_or(t.len());
    t[..end].trim_end()
}

/// The card headers as SFEN-C fields (cards, effects); missing headers = full sets.
fn card_fields(form: Form, headers: &[(String, String)]) -> Result<(String, String), Problem> {
    let get = |keys: [&str; 2]| headers.iter().find(|(k, _)| keys.contains(&k.as_str())).map(|(_, v)| v.trim().to_string());
    let (b, w, fx) = (get(["$CARDS+", "先手のカード"]), get(["$CARDS-", "後手のカード"]), get(["$CARD_EFFECTS", "カード効果"]));
    let dash = |v: Option<String>| v.map(|s| if s == "なし" { String::new() } else { s });
    let (b, w, fx) = (dash(b), dash(w), dash(fx));
    let cards = match (b, w) {
        (None, None) => "QTRPIABDGSWCqtrpiabdgswc".to_string(),
        (b, w) => {
            let w = w.unwrap_or_default().to_lowercase();
            let s = format!("{}{w}", b.unwrap_or_default());
            if s.is_empty() { "-".into() } else { s }
        }
    };
    let sep = if form == Form::Csa { ',' } else { ' ' };
    let mut out = Vec::new();
    for tok in fx.unwrap_or_default().split(sep).filter(|t| !t.is_empty()) {
        let b = tok.as_bytes();
        let t = match b {
            [b'I', f @ b'1'..=b'9', r @ b'1'..=b'9'] => format!("I{}{}", *f as char, (b'a' + r - b'1') as char),
            [b'D', s @ (b'+' | b'-'), f @ b'1'..=b'9'] => format!("D{}{}", if *s == b'+' { 'b' } else { 'w' }, *f as char),
            _ => return Err(Problem::syntax(format!("`{tok}` is not a card effect (like I55 or D-3)"), Span::default())),
        };
        out.push(t);
    }
    Ok((cards, if out.is_empty() { "-".into() } else { out.join(",") }))
}

/// Read a card record in CSA, KIF or KI2. Each ply is resolved against the position it is
/// played in, so the plies returned are legal; the first that is not is the error.
pub fn parse_card_record(form: Form, text: &str) -> Result<CardRecord, Problem> {
    let (rest, moves) = split_moves(form, text);
    let rec = match form {
        Form::Csa => csa::parse_record(&rest)?,
        Form::Kif => kif::parse_record(&rest)?,
        Form::Ki2 => ki2::parse_record(&rest)?,
    };
    let (cards, effects) = card_fields(form, &rec.headers)?;
    let board = rec.start.build();
    let sfen_c = format!("{} {cards} {effects}", sfen::to_sfen(&board));
    let (start, _) = parse_sfen_c(&sfen_c).map_err(|p| Problem { span: Span::default(), ..p })?;
    let stated = rec.headers.iter().any(|(k, _)| k.starts_with("$CARDS") || k.ends_with("のカード"));
    let mut pos = start.clone();
    let mut previous: Option<Square> = None;
    let mut plies = Vec::new();
    for (i, f) in moves.iter().enumerate() {
        let mv = parse_in(form, &pos, f.text, previous).map_err(|p| p.shifted(f.offset).at_ply(i + 1))?;
        plies.push((mv, PlySpans { card: None, parts: [Span::new(f.offset, f.text.len()), Span::default()] }));
        previous = mv.last_destination();
        pos = pos.after(mv);
    }
    Ok(CardRecord { start, start_span: rec.start_span, cards_stated: stated, plies })
}
