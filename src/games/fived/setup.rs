//! From a record's tags and 5DFEN boards to the initial multiverse (§2.3, §10.1, R-12),
//! and the set-up as written ([`Setup`]), built reporting every problem at once.
//!
//! As [`crate::Setup`], a setup can be built with these rules accepted:
//! [`FivedRule::BadSize`] (the size the 5DFEN boards or the named variant have) and
//! [`FivedRule::BadPromotions`] (the default promotion, a queen). The others (a board that
//! does not fit, a timeline label or gap, an unknown board name) leave no multiverse to
//! build.

use std::fmt;
use std::str::FromStr;

use super::face::Fived;
use super::fen::{self, FenBoard};
use super::multiverse::Multiverse;
use super::notation::pgn;
use super::record::Record;
use super::types::Kind;
use super::variants;
use crate::core::{Problem, Rule, Span};
use crate::games::fived::FivedRule;

/// A 5DPGN header as written: its tags and its 5DFEN boards, read for their syntax only.
/// It parses from a variant's name alone (`Standard`) or from a header, and prints as a
/// header, a tag a line and then a board a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The tag pairs (name, value), in the order written.
    pub tags: Vec<(String, String)>,
    /// The 5DFEN boards (`[rows:L:T:c]`), as written.
    pub boards: Vec<String>,
}

/// The rules a setup can break and still be built (see the module's notes).
const TOLERABLE: [FivedRule; 2] = [FivedRule::BadSize, FivedRule::BadPromotions];

impl crate::Setup for Fived {
    type Setup = Setup;

    fn setup(pos: &Multiverse) -> Setup {
        let text = super::notation::print::header(pos, "custom", None, &[]);
        text.parse().unwrap_or_else(|_| Setup {
            tags: Vec::new(),
            boards: fen::multiverse_text(pos),
        })
    }

    /// The spans point into the header as [`Setup`] prints it.
    fn position(setup: &Setup, accept: &[Rule]) -> Result<Multiverse, Vec<Problem>> {
        let doc = setup.to_string();
        let rec = pgn::parse(&doc).map_err(|p| vec![p])?;
        let (built, mut problems) = build(&rec, &doc);
        let tolerated = |p: &Problem| {
            accept.contains(&p.rule) && TOLERABLE.iter().any(|&r| p.rule == Rule::from(r))
        };
        problems.retain(|p| !tolerated(p));
        match built {
            Some(mv) if problems.is_empty() => Ok(mv),
            _ if problems.is_empty() => Err(vec![Problem::new(
                crate::CommonRule::Syntax,
                "the set-up builds no multiverse",
                Span::new(0, doc.len()),
            )]),
            _ => Err(problems),
        }
    }
}

/// The multiverse of a record's set-up, built with the size the boards have and the
/// default promotion where the tags are wrong, and every problem found, in the order
/// [`initial`] meets them (its error is the first).
fn build(rec: &Record, text: &str) -> (Option<Multiverse>, Vec<Problem>) {
    let mut problems = Vec::new();
    let size = size_tag(rec).unwrap_or_else(|p| {
        problems.push(p);
        None
    });
    let promos = promotions(rec).unwrap_or_else(|p| {
        problems.push(p);
        vec![Kind::Queen]
    });
    if !rec.fens.is_empty() {
        let size = size.unwrap_or_else(|| infer_size(&rec.fens));
        let even = even(rec, text);
        let before = problems.len();
        problems.extend(rec.fens.iter().filter_map(|b| fen::wrong_size(b, size)));
        problems.extend(
            rec.fens
                .iter()
                .filter_map(|b| fen::timeline_label(b, even).err()),
        );
        if problems.len() > before {
            return (None, problems);
        }
        return match fen::assemble(&rec.fens, size, even, promos) {
            Ok(mv) => (Some(mv), problems),
            Err(p) => {
                problems.push(p);
                (None, problems)
            }
        };
    }
    let (name, name_span) = board_name(rec);
    if name.eq_ignore_ascii_case("custom") {
        problems.push(missing_fen(name_span));
        return (None, problems);
    }
    let Some((_, vsize, boards)) = variants::lookup(&name) else {
        problems.push(unknown_board(&name, name_span));
        return (None, problems);
    };
    if let Some(s) = size.filter(|&s| s != vsize) {
        problems.push(wrong_variant_size(&name, vsize, s, name_span));
    }
    match named(boards, vsize, promos) {
        Ok(mv) => (Some(mv), problems),
        Err(p) => {
            problems.push(p);
            (None, problems)
        }
    }
}

/// A variant's name alone, or a 5DPGN header: tags and 5DFEN boards, no moves.
impl FromStr for Setup {
    type Err = Problem;
    fn from_str(text: &str) -> Result<Setup, Problem> {
        let t = text.trim();
        let doc = if t.starts_with('[') {
            t.to_string()
        } else {
            format!("[Board \"{t}\"]")
        };
        let rec = pgn::parse(&doc)?;
        if let Some(item) = rec.items.first() {
            return Err(Problem::syntax(
                "a set-up is a header and its boards: the moves belong to a record",
                item.span(),
            ));
        }
        let tags = rec.tags.iter().map(|t| (t.name.clone(), t.value.clone()));
        let boards = rec.fens.iter().map(|f| {
            let s = f.span;
            doc.get(s.offset..s.end()).unwrap_or_default().to_string()
        });
        Ok(Setup {
            tags: tags.collect(),
            boards: boards.collect(),
        })
    }
}

/// The header: a tag a line, then a board a line.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        for board in &self.boards {
            writeln!(f, "{board}")?;
        }
        Ok(())
    }
}

fn missing_fen(span: Span) -> Problem {
    Problem::new(
        FivedRule::MissingFen,
        "`Board \"custom\"` needs 5DFEN boards",
        span,
    )
}

fn unknown_board(name: &str, span: Span) -> Problem {
    let known: Vec<&str> = variants::names().collect();
    Problem::new(
        FivedRule::UnknownBoard,
        format!(
            "the board `{name}` is not defined here and the file gives no 5DFEN (known: {})",
            known.join(", ")
        ),
        span,
    )
}

fn wrong_variant_size(name: &str, vsize: (i32, i32), s: (i32, i32), span: Span) -> Problem {
    Problem::new(
        FivedRule::BadSize,
        format!("`{name}` is {}x{}, not {}x{}", vsize.0, vsize.1, s.0, s.1),
        span,
    )
}

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
        return Err(missing_fen(name_span));
    }
    let Some((_, vsize, boards)) = variants::lookup(&name) else {
        return Err(unknown_board(&name, name_span));
    };
    if let Some(s) = size.filter(|&s| s != vsize) {
        return Err(wrong_variant_size(&name, vsize, s, name_span));
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
