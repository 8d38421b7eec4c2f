//! FEN and EPD files: one position a line, each a record of its own with no moves (as
//! `hensoku validate` reads them), its EPD operations (`id`, `bm`, …) as its headers.

use crate::record::{ErrorData, GameData, Kept};
use hensoku::chess::{self, Chess, Format, PositionLine};
use hensoku::{Problem, Setup};
use std::sync::Arc;

/// Every line of a FEN/EPD `text`, checked as a position; `place` as for the game readers.
pub fn check_positions(
    text: &str,
    format: Format,
    (offset, line, warning): (u64, u64, Option<&Problem>),
) -> Vec<GameData> {
    let place = |p: &Problem| ErrorData::placed(p, text, offset, line);
    chess::read_positions(text, format)
        .into_iter()
        .map(|read| {
            let mut data = GameData {
                reason: "position".into(),
                ..GameData::blank("chess", offset, line)
            };
            data.warnings = warning.into_iter().map(place).collect();
            match read {
                Err(p) => data.errors.push(place(&p)),
                Ok(l) => match <Chess as Setup>::position(&l.setup, &[]) {
                    Ok(pos) => data.replayed = Some(Arc::new(kept(&l, pos))),
                    Err(ps) => data
                        .errors
                        .extend(ps.iter().map(|p| place(&p.clone().shifted(l.span.offset)))),
                },
            }
            data
        })
        .collect()
}

/// A record of no move from `pos`: its FEN as the `FEN` tag, then the EPD operations.
fn kept(l: &PositionLine, pos: chess::Position) -> Kept<Chess> {
    let mut record = chess::Record::default();
    record.tags.push(("FEN".into(), pos.to_string()));
    // a string operand without its quotes, as python-chess gives it
    let bare = |v: &str| match v.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        Some(inner) => inner.to_string(),
        None => v.to_string(),
    };
    record
        .tags
        .extend(l.ops.iter().map(|(k, v)| (k.clone(), bare(v))));
    Kept::<Chess> {
        record,
        start: Some(pos.clone()),
        moves: Vec::new(),
        end: Some(pos),
    }
}
