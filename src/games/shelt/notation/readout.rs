//! The readout notation of §9 (`tes,vi,pal`, `kak,rav,pal`, `tes,vi,pal ann ket,vi,ful`,
//! `yol,rav`, `… vist`): syntax only, with the byte span of every field. Whether a ply is
//! legal, and what a fourth field means, is settled against a position by `rules`.

use crate::games::shelt::SheltRule;
use nom::bytes::complete::{tag, take_while1};
use nom::{IResult, Parser};

use crate::core::parse_error::{self, ParseError};
use crate::core::{Problem, Span};
use crate::games::shelt::types::{FILES, Kind, Lantis, RANKS, Square};

/// A piece name in the mover or companion field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    Lantis(Lantis),
    Teems,
    /// `eteems` as a mover: accepted, printed as `teems`.
    ETeems,
}

/// The fourth field: a victim or a new form (the position decides which, §9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fourth {
    Lantis(Lantis),
    Teems,
    ETeems,
    Form(Kind),
}

/// The coordinate part of a board ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Square(Square),
    Kak,
}

/// What follows the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suffix {
    Fourth(Fourth, Span),
    /// The companion's destination and name.
    Ann {
        square: Square,
        square_span: Span,
        companion: Mover,
        companion_span: Span,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadoutPly {
    /// `yol,CODE` (`None` for `yol,yuu`), with the span of the second field.
    Yol(Option<Lantis>, Span),
    Board {
        target: Target,
        target_span: Span,
        mover: Mover,
        mover_span: Span,
        suffix: Option<Suffix>,
    },
}

/// One readout as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readout {
    /// The ply as written.
    pub ply: ReadoutPly,
    /// The span of ` vist`, if written.
    pub vist: Option<Span>,
    /// Where the readout stands in the text.
    pub span: Span,
}

const LONG_FILES: [(&str, usize); 7] = [
    ("nimsam e pi", 0),
    ("lufsam e pi", 1),
    ("omisam e pi", 2),
    ("xeltosam", 3),
    ("omisam e pa", 4),
    ("lufsam e pa", 5),
    ("nimsam e pa", 6),
];
const LONG_RANKS: [(&str, usize); 7] = [
    ("sisim e arxe", 0),
    ("sasim e arxe", 1),
    ("meblsim e arxe", 2),
    ("teemssim", 3),
    ("meblsim e sorn", 4),
    ("sasim e sorn", 5),
    ("sisim e sorn", 6),
];

/// One field: a long coordinate name (which holds spaces) or a plain word.
fn field(i: &str) -> IResult<&str, &str, ParseError> {
    for (long, _) in LONG_FILES.iter().chain(LONG_RANKS.iter()) {
        // `…samt` (I-4) is the same name with a t
        let samt = long.replace("sam", "samt");
        for name in [long.to_string(), samt] {
            // not this long name: the plain word below is tried instead
            if let Ok((rest, got)) = tag::<_, _, ParseError>(name.as_str()).parse(i)
                && !rest.starts_with(|c: char| c.is_ascii_alphanumeric())
            {
                return Ok((rest, got));
            }
        }
    }
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '\'' || c == '_' || c == '-').parse(i)
}

fn file_of(word: &str) -> Option<usize> {
    FILES.iter().position(|f| *f == word).or_else(|| {
        let w = word.replace("samt", "sam");
        LONG_FILES.iter().find(|(l, _)| *l == w).map(|(_, i)| *i)
    })
}

fn rank_of(word: &str) -> Option<usize> {
    RANKS
        .iter()
        .position(|r| *r == word)
        .or_else(|| LONG_RANKS.iter().find(|(l, _)| *l == word).map(|(_, i)| *i))
}

/// A cursor over one readout's text that turns fields into spanned tokens.
struct Cursor<'a> {
    text: &'a str,
    rest: &'a str,
    base: usize,
}

impl<'a> Cursor<'a> {
    fn at(&self) -> usize {
        self.base + self.text.len() - self.rest.len()
    }
    /// The next field, or a syntax problem saying `what` was expected there; the caret
    /// covers one byte (none at the end), as it always has.
    fn word(&mut self, what: &'static str) -> Result<(&'a str, Span), Problem> {
        let start = self.at();
        match parse_error::expect(what, Some(1), field).parse(self.rest) {
            Ok((rest, w)) => {
                self.rest = rest;
                Ok((w, Span::new(start, w.len())))
            }
            Err(e) => Err(ParseError::of(e).problem(self.text).shifted(self.base)),
        }
    }
    fn comma(&mut self, after: &str) -> Result<(), Problem> {
        if let Some(r) = self.rest.strip_prefix(',') {
            self.rest = r;
            return Ok(());
        }
        let at = self.at();
        Err(Problem::new(
            SheltRule::MissingComma,
            format!(
                "expected `,` after {after}: readout fields are separated by commas without spaces"
            ),
            Span::new(at, self.rest.len().min(1)),
        ))
    }
}

fn unknown(word: &str, span: Span, expected: &str) -> Problem {
    Problem::new(
        SheltRule::UnknownToken,
        format!("`{word}` is not {expected}"),
        span,
    )
}

fn square(c: &mut Cursor) -> Result<(Square, Span), Problem> {
    let (f, fs) = c.word("a file (tes ket xal sol nim vin fox)")?;
    let file = file_of(f).ok_or_else(|| unknown(f, fs, "a file (tes ket xal sol nim vin fox)"))?;
    c.comma("the file")?;
    let (r, rs) = c.word("a rank (ko ta vi va le ki no)")?;
    let rank = rank_of(r).ok_or_else(|| unknown(r, rs, "a rank (ko ta vi va le ki no)"))?;
    let sq = Square::new(file as i8, rank as i8).unwrap_or(Square(0));
    Ok((sq, fs.join(rs)))
}

fn mover_field(c: &mut Cursor) -> Result<(Mover, Span), Problem> {
    let (w, s) = c.word("a piece code or `teems`")?;
    let m = match w {
        "teems" => Mover::Teems,
        "eteems" => Mover::ETeems,
        _ => Mover::Lantis(
            Lantis::from_code(w).ok_or_else(|| unknown(w, s, "a piece code (§3.2) or `teems`"))?,
        ),
    };
    Ok((m, s))
}

fn fourth(c: &mut Cursor) -> Result<(Fourth, Span), Problem> {
    let (w, s) = c.word("a captured piece or a new form")?;
    let f = match w {
        "teems" => Fourth::Teems,
        "eteems" => Fourth::ETeems,
        _ => match Kind::from_form(w) {
            Some(k) => Fourth::Form(k),
            None => Fourth::Lantis(Lantis::from_code(w).ok_or_else(|| {
                unknown(
                    w,
                    s,
                    "a piece code or a form (has his soi soa hanoi pafi eteems)",
                )
            })?),
        },
    };
    Ok((f, s))
}

/// Parse one readout (a whole line without comments). `base` is the offset of `text` in
/// the source, so spans point into the source.
pub fn parse(text: &str, base: usize) -> Result<Readout, Problem> {
    let (body, vist) = match text.strip_suffix(" vist") {
        Some(b) => (b, Some(Span::new(base + b.len(), 5))),
        None => (text, None),
    };
    let mut c = Cursor {
        text: body,
        rest: body,
        base,
    };
    let ply = if body.starts_with("yol,") || body == "yol" {
        c.word("`yol`")?;
        c.comma("`yol`")?;
        let (w, s) = c.word("a piece code or `yuu`")?;
        let pinned = if w == "yuu" {
            None
        } else {
            Some(Lantis::from_code(w).ok_or_else(|| unknown(w, s, "a piece code or `yuu`"))?)
        };
        ReadoutPly::Yol(pinned, s)
    } else {
        board_ply(&mut c)?
    };
    if !c.rest.is_empty() {
        let at = c.at();
        let problem = if c.rest.trim().is_empty() {
            Problem::syntax(
                "trailing space after the readout",
                Span::new(at, c.rest.len()),
            )
        } else if c.rest.starts_with(' ') && !c.rest.starts_with(" ann ") {
            Problem::syntax(
                "unexpected text: `ann` and `vist` take exactly one space before them",
                Span::new(at, c.rest.len()),
            )
        } else {
            Problem::syntax(
                format!("unexpected `{}` after the readout", c.rest),
                Span::new(at, c.rest.len()),
            )
        };
        return Err(problem);
    }
    Ok(Readout {
        ply,
        vist,
        span: Span::new(base, text.len()),
    })
}

fn board_ply(c: &mut Cursor) -> Result<ReadoutPly, Problem> {
    let (target, target_span) = if c.rest.starts_with("kak")
        && !c.rest[3..].starts_with(|ch: char| ch.is_ascii_alphanumeric())
    {
        let (_, s) = c.word("`kak`")?;
        (Target::Kak, s)
    } else {
        let (sq, s) = square(c)?;
        (Target::Square(sq), s)
    };
    c.comma("the square")?;
    let (mover, mover_span) = mover_field(c)?;
    let suffix = if c.rest.starts_with(',') {
        c.comma("the mover")?;
        let (f, s) = fourth(c)?;
        Some(Suffix::Fourth(f, s))
    } else if let Some(r) = c.rest.strip_prefix(" ann ") {
        c.rest = r;
        let (square, square_span) = square(c)?;
        c.comma("the companion's square")?;
        let (companion, companion_span) = mover_field(c)?;
        Some(Suffix::Ann {
            square,
            square_span,
            companion,
            companion_span,
        })
    } else {
        None
    };
    Ok(ReadoutPly::Board {
        target,
        target_span,
        mover,
        mover_span,
        suffix,
    })
}

fn mover_text(m: Mover) -> &'static str {
    match m {
        Mover::Lantis(l) => l.code(),
        Mover::Teems | Mover::ETeems => "teems",
    }
}

/// Print the syntax back as parsed, with the alias replacements of §9.5 (`paal`→`pal`,
/// mover `eteems`→`teems`) and long coordinates written short.
pub fn print(r: &Readout) -> String {
    let mut s = match r.ply {
        ReadoutPly::Yol(l, _) => format!("yol,{}", l.map_or("yuu", Lantis::code)),
        ReadoutPly::Board {
            target,
            mover,
            suffix,
            ..
        } => {
            let t = match target {
                Target::Kak => "kak".to_string(),
                Target::Square(sq) => sq.readout(),
            };
            let mut s = format!("{t},{}", mover_text(mover));
            match suffix {
                Some(Suffix::Fourth(f, _)) => {
                    s.push(',');
                    s.push_str(match f {
                        Fourth::Lantis(l) => l.code(),
                        Fourth::Teems => "teems",
                        Fourth::ETeems => "eteems",
                        Fourth::Form(k) => k.name(),
                    });
                }
                Some(Suffix::Ann {
                    square, companion, ..
                }) => {
                    s.push_str(&format!(
                        " ann {},{}",
                        square.readout(),
                        mover_text(companion)
                    ));
                }
                None => {}
            }
            s
        }
    };
    if r.vist.is_some() {
        s.push_str(" vist");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str, base: usize) -> (String, Span) {
        let p = parse(text, base).unwrap_err();
        (p.message, p.span)
    }

    #[test]
    fn a_missing_field_says_what_was_expected_where() {
        assert_eq!(
            problem("tes,,pal", 10),
            (
                "expected a rank (ko ta vi va le ki no)".to_string(),
                Span::new(14, 1)
            )
        );
        assert_eq!(
            problem("tes,vi,", 0),
            (
                "expected a piece code or `teems`".to_string(),
                Span::new(7, 0)
            )
        );
    }

    #[test]
    fn the_caret_of_a_missing_field_covers_one_byte() {
        // `é` takes two bytes; the caret has always covered the first
        assert_eq!(
            problem("tes,vi,pal,é", 0),
            (
                "expected a captured piece or a new form".to_string(),
                Span::new(11, 1)
            )
        );
    }

    #[test]
    fn long_coordinate_names_read_as_one_field() {
        let r = parse("nimsamt e pi,sisim e arxe,pal", 0).unwrap();
        let ReadoutPly::Board { target_span, .. } = r.ply else {
            panic!("{r:?}")
        };
        assert_eq!(target_span, Span::new(0, 25));
    }
}
