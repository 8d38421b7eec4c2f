//! The SPN position string of §11, e.g. the initial position
//! `rav,nen,pine,kmir,eke,lin,enn/din,ler,knon,nmut,ax,jil,umt/7/3,teems,3/7/pal,ful,milf,fav,zan,gil,ruj/ryu,kris,mel,ser,dia,vio,ral arxe -/- -/- 0/0`.

use crate::games::shelt::SheltRule;
use nom::bytes::complete::take_while1;
use nom::combinator::all_consuming;
use nom::error::context;
use nom::{IResult, Parser};

use crate::core::parse_error::ParseError;
use crate::core::{Problem, Span};
use crate::games::shelt::position::{Cell, Position};
use crate::games::shelt::setup::Setup;
use crate::games::shelt::types::{Lantis, Side, Square};

/// The SPN of the initial position (§3.2).
pub const INITIAL: &str = "rav,nen,pine,kmir,eke,lin,enn/din,ler,knon,nmut,ax,jil,umt/7/3,teems,3/7/pal,ful,milf,fav,zan,gil,ruj/ryu,kris,mel,ser,dia,vio,ral arxe -/- -/- 0/0";

/// A board item, the whole of `it`: a piece code (turned with `'`), `teems`, or a run.
/// The label sits outside `all_consuming` so that a stray character past a good start
/// (`rav-`) is reported as the item not being one, not as an unnamed leftover.
fn item(it: &str) -> IResult<&str, &str, ParseError> {
    let word = take_while1(|c: char| c.is_ascii_alphanumeric() || c == '\'');
    context("a board item", all_consuming(word)).parse(it)
}

fn syntax(text: &str, part: &str, message: String) -> Problem {
    Problem::syntax(message, Span::of(text, part))
}

/// Parse an SPN into an unvalidated setup; syntax errors only.
pub fn parse_setup(text: &str) -> Result<Setup, Problem> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 5 {
        return Err(Problem::syntax(
            format!(
                "an SPN has 5 fields separated by single spaces (board side pins hands kers), not {}",
                fields.len()
            ),
            Span::new(0, text.len()),
        ));
    }
    let mut setup = Setup::default();
    board(text, fields[0], &mut setup)?;
    setup.side = match fields[1] {
        "arxe" => Some(Side::Arxe),
        "sorn" => Some(Side::Sorn),
        other => {
            return Err(syntax(
                text,
                fields[1],
                format!("the side to move is `arxe` or `sorn`, not `{other}`"),
            ));
        }
    };
    let (pa, ps) = pair(text, fields[2], "pins")?;
    setup.pins = [code_or_dash(text, pa)?, code_or_dash(text, ps)?];
    let (ha, hs) = pair(text, fields[3], "hands")?;
    setup.hands = [hand(text, ha)?, hand(text, hs)?];
    let (ka, ks) = pair(text, fields[4], "ker counters")?;
    setup.kers = [counter(text, ka)?, counter(text, ks)?];
    Ok(setup)
}

/// Parse and validate into a playable position (every violation reported).
pub fn parse_position(text: &str) -> Result<Position, Vec<Problem>> {
    parse_setup(text)
        .map_err(|p| vec![p])?
        .validate(Span::new(0, text.len()))
}

fn pair<'a>(text: &str, f: &'a str, what: &str) -> Result<(&'a str, &'a str), Problem> {
    f.split_once('/')
        .ok_or_else(|| syntax(text, f, format!("the {what} field is `arxe/sorn`")))
}

fn code_or_dash(text: &str, w: &str) -> Result<Option<Lantis>, Problem> {
    if w == "-" {
        return Ok(None);
    }
    Lantis::from_code(w).map(Some).ok_or_else(|| {
        Problem::new(
            SheltRule::UnknownToken,
            format!("`{w}` is not a piece code"),
            Span::of(text, w),
        )
    })
}

fn hand(text: &str, w: &str) -> Result<Vec<Lantis>, Problem> {
    if w == "-" {
        return Ok(vec![]);
    }
    w.split('.')
        .map(|c| {
            code_or_dash(text, c).and_then(|l| {
                l.ok_or_else(|| syntax(text, c, "`-` stands only for an empty hand".into()))
            })
        })
        .collect()
}

fn counter(text: &str, w: &str) -> Result<u8, Problem> {
    w.parse::<u8>()
        .ok()
        .filter(|n| *n <= 9)
        .ok_or_else(|| syntax(text, w, format!("a ker counter is a digit, not `{w}`")))
}

fn board(text: &str, b: &str, setup: &mut Setup) -> Result<(), Problem> {
    let rows: Vec<&str> = b.split('/').collect();
    if rows.len() != 7 {
        return Err(syntax(
            text,
            b,
            format!("the board has 7 rows separated by `/`, not {}", rows.len()),
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 6 - i as i8;
        let mut file = 0i8;
        for it in row.split(',') {
            let word = match item(it) {
                Ok((_, word)) => word,
                Err(e) => {
                    let e = ParseError::of(e);
                    return Err(syntax(text, it, format!("`{it}` is not {}", e.expected)));
                }
            };
            if let Ok(n) = word.parse::<i8>() {
                if !(1..=7).contains(&n) {
                    return Err(syntax(text, it, "an empty run is 1 to 7".into()));
                }
                file += n;
                if file > 7 {
                    return Err(syntax(
                        text,
                        row,
                        format!("row {} covers more than 7 squares", 7 - i),
                    ));
                }
                continue;
            }
            let Some(sq) = Square::new(file, rank) else {
                return Err(syntax(
                    text,
                    row,
                    format!("row {} covers more than 7 squares", 7 - i),
                ));
            };
            match word {
                "teems" => setup.teems.push((sq, false)),
                "eteems" => setup.teems.push((sq, true)),
                _ => {
                    let (code, turned) = match word.strip_suffix('\'') {
                        Some(c) => (c, true),
                        None => (word, false),
                    };
                    let l = Lantis::from_code(code).ok_or_else(|| {
                        Problem::new(
                            SheltRule::UnknownToken,
                            format!("`{code}` is not a piece code"),
                            Span::of(text, it),
                        )
                    })?;
                    setup.pieces.push((l, sq, turned));
                }
            }
            file += 1;
        }
        if file != 7 {
            return Err(syntax(
                text,
                row,
                format!("row {} covers {file} squares, not 7", 7 - i),
            ));
        }
    }
    Ok(())
}

/// The SPN of a position.
pub fn to_spn(pos: &Position) -> String {
    let mut rows = Vec::new();
    for rank in (0..7).rev() {
        let mut items: Vec<String> = Vec::new();
        let mut run = 0;
        for file in 0..7 {
            let sq = Square::new(file, rank).unwrap_or(Square(0));
            let word = match pos.cell(sq) {
                Cell::Empty => {
                    run += 1;
                    continue;
                }
                Cell::Teems => (if pos.teems_turned() {
                    "eteems"
                } else {
                    "teems"
                })
                .to_string(),
                Cell::Lantis(l) => {
                    format!("{}{}", l.code(), if pos.is_turned(l) { "'" } else { "" })
                }
            };
            if run > 0 {
                items.push(run.to_string());
                run = 0;
            }
            items.push(word);
        }
        if run > 0 {
            items.push(run.to_string());
        }
        rows.push(items.join(","));
    }
    let pin = |s: Side| pos.pin(s).map_or("-".to_string(), |l| l.code().to_string());
    let hand = |s: Side| {
        let v: Vec<&str> = pos.hand(s).map(Lantis::code).collect();
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(".")
        }
    };
    format!(
        "{} {} {}/{} {}/{} {}/{}",
        rows.join("/"),
        pos.side_to_move().name(),
        pin(Side::Arxe),
        pin(Side::Sorn),
        hand(Side::Arxe),
        hand(Side::Sorn),
        pos.kers(Side::Arxe),
        pos.kers(Side::Sorn)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `INITIAL` with its first item replaced by `first`.
    fn with_first_item(first: &str) -> String {
        INITIAL.replacen("rav", first, 1)
    }

    #[test]
    fn a_bad_board_item_is_named_with_its_span() {
        for first in ["ra-v", "", "-"] {
            let text = with_first_item(first);
            let p = parse_setup(&text).unwrap_err();
            assert_eq!(p.message, format!("`{first}` is not a board item"));
            assert_eq!(p.span, Span::of(&text, &text[..first.len()]));
        }
    }

    #[test]
    fn item_labels_a_failure_where_the_item_starts() {
        let e = ParseError::of(item("ra-v").unwrap_err());
        assert_eq!((e.offset("ra-v"), e.expected), (0, "a board item"));
    }

    #[test]
    fn the_initial_position_reads() {
        assert!(parse_setup(INITIAL).is_ok());
    }
}
