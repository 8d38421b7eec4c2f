//! Card-shogi files (`shogi-cards`): SFEN-C positions and card records in USI-style text,
//! CSA, KIF and KI2 (rules §5.2–§5.5).

use super::{FileError, Input};
use crate::convert::Converted;
use crate::shogi::{Format, csa, encoding};
use crate::shogi_cards::Form;
use crate::shogi_cards::notation::{
    card_losses, parse_card_record, parse_record, parse_sfen_c, print_card_record_of, print_record,
};
use crate::shogi_cards::{
    Position as CardPosition, Record as CardRecord, Replay as CardReplay, validate as replay,
};

/// A position as given on its own: SFEN-C (with or without `sfen `), `startpos`, or none.
pub fn position(text: Option<&str>) -> Result<CardPosition, FileError> {
    match text {
        None => Ok(CardPosition::startpos()),
        Some(t) => {
            let t = t.trim().strip_prefix("sfen ").unwrap_or(t.trim());
            if t == "startpos" {
                return Ok(CardPosition::startpos());
            }
            parse_sfen_c(t)
                .map(|p| p.0)
                .map_err(|p| FileError::input(p, "--position", t))
        }
    }
}

/// The card notation a name selects: `None` for USI-style text (`usi`, `sfen`).
pub fn form_of(name: Option<&str>) -> Result<Option<Form>, FileError> {
    match name {
        None | Some("usi") | Some("sfen") => Ok(None),
        Some("csa") => Ok(Some(Form::Csa)),
        Some("kif") | Some("kifu") => Ok(Some(Form::Kif)),
        Some("ki2") | Some("ki2u") => Ok(Some(Form::Ki2)),
        Some(other) => Err(FileError::usage(format!(
            "`{other}` is not a card-shogi notation (available: usi, csa, kif, ki2)"
        ))),
    }
}

/// The notation of an input: `--from`, else the file's extension, else USI-style text.
pub fn input_form(input: &Input, from: Option<&str>) -> Result<Option<Form>, FileError> {
    if from.is_some() {
        return form_of(from);
    }
    let ext = input
        .name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase());
    match ext.as_deref() {
        Some(e @ ("csa" | "kif" | "kifu" | "ki2" | "ki2u")) => form_of(Some(e)),
        _ => Ok(None),
    }
}

/// The text of `input` in its card notation `form`, decoded as that notation is.
pub fn text_of(input: &Input, form: Option<Form>) -> Result<String, FileError> {
    let ext = input.name.rsplit_once('.').map(|(_, e)| e.to_string());
    match form {
        Some(Form::Csa) => csa::decode(&input.bytes)
            .map_err(|p| FileError::input(p, &input.name, &String::from_utf8_lossy(&input.bytes))),
        Some(Form::Kif | Form::Ki2) => encoding::decode(&input.bytes, ext.as_deref())
            .map_err(|p| FileError::input(p, &input.name, "")),
        None => super::decode_utf8(input),
    }
}

/// The card record of a file (a `.puzzle` file read as its USI record).
pub fn read(input: &Input, from: Option<&str>) -> Result<(String, CardRecord), FileError> {
    let puzzle = super::puzzle::usi_record_unless_from(input, from)?;
    let input = puzzle.as_ref().unwrap_or(input);
    let form = input_form(input, from)?;
    let text = text_of(input, form)?;
    super::require_text(&text, &input.name)?;
    let rec = match form {
        None => parse_record(&text),
        Some(f) => parse_card_record(f, &text),
    }
    // A ply that names no legal ply makes the record invalid (exit 1); anything else
    // (the start, the headers) makes it unreadable (exit 2).
    .map_err(|p| {
        if p.ply.is_some() {
            FileError::invalid(p, &input.name, &text)
        } else {
            FileError::input(p, &input.name, &text)
        }
    })?;
    Ok((text, rec))
}

/// A record printed in `form` (`None` = USI-style text), and what that form cannot carry.
/// The record must have replayed without a problem.
pub fn print_in_form(form: Option<Form>, rec: &CardRecord) -> (String, Vec<String>) {
    let format = match form {
        None => Format::Usi,
        Some(Form::Csa) => Format::Csa,
        Some(Form::Kif) => Format::Kif,
        Some(Form::Ki2) => Format::Ki2,
    };
    let dropped = card_losses(rec, format)
        .into_iter()
        .map(str::to_string)
        .collect();
    let text = match form {
        None => {
            print_record(
                &rec.start,
                &rec.plies.iter().map(|p| p.0).collect::<Vec<_>>(),
            ) + "\n"
        }
        Some(f) => print_card_record_of(f, rec),
    };
    (text, dropped)
}

/// Replay a record and insist that it is legal.
pub fn replay_valid(rec: &CardRecord, name: &str, text: &str) -> Result<CardReplay, FileError> {
    let r = replay(rec);
    match r.problems.first() {
        None => Ok(r),
        Some(p) => Err(FileError::invalid(p.clone(), name, text)),
    }
}

/// The record of `input` in notation `to` (usi, csa, kif, ki2), and what it cannot carry.
pub fn convert(input: &Input, from: Option<&str>, to: &str) -> Result<Converted, FileError> {
    let form = form_of(Some(to))?;
    let (text, rec) = read(input, from)?;
    replay_valid(&rec, &input.name, &text)?;
    let (text, dropped) = print_in_form(form, &rec);
    Ok(Converted {
        text,
        dropped,
        irregular: Vec::new(),
    })
}
