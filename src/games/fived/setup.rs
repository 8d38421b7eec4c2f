//! From a record's tags and 5DFEN boards to the initial multiverse (§2.3, §10.1, R-12).

use super::fen::{self, FenBoard};
use super::multiverse::Multiverse;
use super::record::Record;
use super::types::Kind;
use super::variants;
use crate::core::{Problem, Span};
use crate::games::fived::FivedRule;

/// The `Size` tag `WxH`, if present and well formed.
fn size_tag(rec: &Record) -> Result<Option<(i32, i32)>, Problem> {
    let Some(t) = rec.tag("Size") else {
        return Ok(None);
    };
    let parsed = t
        .value
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse::<i32>().ok()?, h.trim().parse::<i32>().ok()?)));
    match parsed {
        Some((w, h)) if (1..=8).contains(&w) && (1..=8).contains(&h) => Ok(Some((w, h))),
        _ => Err(Problem::new(
            FivedRule::BadSize,
            format!("`{}` is not a board size WxH with 1 ≤ W, H ≤ 8", t.value),
            t.span,
        )),
    }
}

/// letters separated by commas and/or spaces; R-6: `Q` when the tag is absent.
fn promotions(rec: &Record) -> Result<Vec<Kind>, Problem> {
    let Some(t) = rec.tag("Promotions") else {
        return Ok(vec![Kind::Queen]);
    };
    let mut out = Vec::new();
    for part in t.value.split([',', ' ']).filter(|p| !p.is_empty()) {
        let mut cs = part.chars();
        match (cs.next().and_then(Kind::from_letter), cs.next()) {
            (Some(k), None) if !k.pawnlike() && !out.contains(&k) => out.push(k),
            _ => {
                return Err(Problem::new(
                    FivedRule::BadPromotions,
                    format!("`{part}` is not a promotion piece"),
                    t.span,
                ));
            }
        }
    }
    if out.is_empty() {
        return Err(Problem::new(
            FivedRule::BadPromotions,
            "the promotion set is empty",
            t.span,
        ));
    }
    Ok(out)
}

/// The board name: `Board`, or the legacy `variant`; `Standard` when neither is given.
fn board_name(rec: &Record) -> (String, Span) {
    match rec.tag("Board").or_else(|| rec.tag("Variant")) {
        Some(t) => (t.value.clone(), t.span),
        None => ("Standard".into(), Span::default()),
    }
}

/// Whether the set-up is even (`-0`/`+0`), from the 5DFEN labels or `InitialMultiverses`.
fn even(rec: &Record, text: &str) -> bool {
    let fen_says = rec.fens.iter().any(|f| {
        f.label == 0
            && text
                .get(f.span.offset..f.span.end())
                .is_some_and(|t| t.contains(":-0:") || t.contains(":+0:"))
    });
    // The tag, when present, says which kind of set-up the file means; a `-0` board in an
    // odd set-up is then an error rather than a silent change of kind.
    match rec.tag("InitialMultiverses") {
        Some(t) => t.value.split_whitespace().any(|l| l == "-0" || l == "+0"),
        None => fen_says,
    }
}

/// Build the initial multiverse. `text` is the file the record was read from.
pub fn initial(rec: &Record, text: &str) -> Result<Multiverse, Problem> {
    let size = size_tag(rec)?;
    let promos = promotions(rec)?;
    let (name, name_span) = board_name(rec);
    if !rec.fens.is_empty() {
        let size = size.unwrap_or_else(|| infer_size(&rec.fens));
        return fen::assemble(&rec.fens, size, even(rec, text), promos);
    }
    if name.eq_ignore_ascii_case("custom") {
        return Err(Problem::new(
            FivedRule::MissingFen,
            "`Board \"custom\"` needs 5DFEN boards",
            name_span,
        ));
    }
    let Some((_, vsize, boards)) = variants::lookup(&name) else {
        let known: Vec<&str> = variants::names().collect();
        return Err(Problem::new(
            FivedRule::UnknownBoard,
            format!(
                "the board `{name}` is not defined here and the file gives no 5DFEN (known: {})",
                known.join(", ")
            ),
            name_span,
        ));
    };
    if let Some(s) = size.filter(|&s| s != vsize) {
        return Err(Problem::new(
            FivedRule::BadSize,
            format!("`{name}` is {}x{}, not {}x{}", vsize.0, vsize.1, s.0, s.1),
            name_span,
        ));
    }
    named(boards, vsize, promos)
}

/// The multiverse of a named variant.
pub fn named(boards: &[&str], size: (i32, i32), promos: Vec<Kind>) -> Result<Multiverse, Problem> {
    let mut fens = Vec::new();
    for b in boards {
        fens.push(fen::parse_board(b, Span::default())?);
    }
    let even = boards.iter().any(|b| b.contains(":-0:"));
    fen::assemble(&fens, size, even, promos)
}

/// The size given by the first board's rows.
fn infer_size(fens: &[FenBoard]) -> (i32, i32) {
    let f = &fens[0];
    (
        f.rows.first().copied().unwrap_or(8) as i32,
        f.rows.len() as i32,
    )
}

/// Standard, the default start.
pub fn standard() -> Multiverse {
    let (_, size, boards) = variants::lookup("Standard").unwrap_or(("Standard", (8, 8), &[]));
    named(boards, size, vec![Kind::Queen]).unwrap_or_else(|_| unreachable_standard())
}

fn unreachable_standard() -> Multiverse {
    Multiverse {
        width: 8,
        height: 8,
        even: false,
        low: 0,
        timelines: vec![],
        init_min: 0,
        init_max: 0,
        promotions: vec![Kind::Queen],
    }
}
