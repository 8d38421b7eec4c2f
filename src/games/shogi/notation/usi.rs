//! USI move text (`7g7f`, `8h2b+`, `P*5e`) and USI records
//! (`position startpos moves …` / `position sfen … moves …`, or `sfen … moves …`).

use nom::branch::alt;
use nom::character::complete::{char, one_of};
use nom::combinator::{all_consuming, map, opt};
use nom::error::context;
use nom::sequence::separated_pair;
use nom::{IResult, Parser};

use crate::core::parse_error::ParseError;
use crate::core::{Problem, Span, quote};
use crate::games::shogi::notation::sfen;
use crate::games::shogi::record::{MoveText, Record, RecordMove};
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::{Kind, Move, Square};

fn square(i: &str) -> IResult<&str, Square, ParseError> {
    map((one_of("123456789"), one_of("abcdefghi")), |(f, r)| {
        Square::new(f as u8 - b'0', r as u8 - b'a' + 1).expect("ranges checked by one_of")
    })
    .parse(i)
}

fn board_move(i: &str) -> IResult<&str, Move, ParseError> {
    map((square, square, opt(char('+'))), |(from, to, p)| {
        Move::Board {
            from,
            to,
            promote: p.is_some(),
        }
    })
    .parse(i)
}

fn drop_move(i: &str) -> IResult<&str, Move, ParseError> {
    map(
        separated_pair(one_of("PLNSGBR"), char('*'), square),
        |(k, to)| Move::Drop {
            kind: Kind::from_usi_letter(k).expect("letters checked by one_of"),
            to,
        },
    )
    .parse(i)
}

/// Parse one USI move, the whole text.
pub fn parse_move(text: &str) -> Result<Move, Problem> {
    let mut usi_move = context(
        "a USI move (like 7g7f, 8h2b+ or P*5e)",
        all_consuming(alt((drop_move, board_move))),
    );
    usi_move.parse(text).map(|(_, m)| m).map_err(|e| {
        let e = ParseError::of(e);
        Problem::syntax(
            format!("{} is not {}", quote(text), e.expected),
            Span::new(0, text.len()),
        )
    })
}

pub fn square_text(sq: Square) -> String {
    format!("{}{}", sq.file(), (b'a' + sq.rank() - 1) as char)
}

/// The canonical USI text of a move.
pub fn move_text(mv: Move) -> String {
    match mv {
        Move::Board { from, to, promote } => {
            format!(
                "{}{}{}",
                square_text(from),
                square_text(to),
                if promote { "+" } else { "" }
            )
        }
        Move::Drop { kind, to } => format!("{}*{}", kind.usi_letter(), square_text(to)),
    }
}

/// Read a USI record: optional `position`, then `startpos` or `[sfen] <4 fields>`, then
/// optional `moves` and the move list. Newlines count as spaces; lines starting with `#`
/// are comments (data files use them for provenance).
pub fn parse_record(text: &str) -> Result<Record, Problem> {
    let words: Vec<(&str, Span)> = crate::core::text::lines(text)
        .map(|(_, l)| l)
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(str::split_ascii_whitespace)
        .map(|w| (w, Span::of(text, w)))
        .collect();
    let mut i = 0;
    if words.first().is_some_and(|w| w.0 == "position") {
        i += 1;
    }
    let Some(&(first, first_span)) = words.get(i) else {
        return Err(Problem::syntax(
            "empty USI record: expected `startpos` or an SFEN",
            Span::new(0, text.len()),
        ));
    };
    let (setup, start_span) = if first == "startpos" {
        i += 1;
        (sfen::startpos_setup(), first_span)
    } else {
        if first == "sfen" {
            i += 1;
        }
        let start = i;
        while i < words.len() && words[i].0 != "moves" && i - start < 4 {
            i += 1;
        }
        if i == start {
            return Err(Problem::syntax("expected an SFEN after `sfen`", first_span));
        }
        let span = words[start].1.join(words[i - 1].1);
        let setup = sfen::parse_setup(&text[span.offset..span.end()])
            .map_err(|p| p.shifted(span.offset))?;
        (setup, span)
    };
    let mut moves = Vec::new();
    if let Some(&(w, span)) = words.get(i) {
        if w != "moves" {
            return Err(Problem::syntax(
                format!("expected `moves`, found {}", quote(w)),
                span,
            ));
        }
        i += 1;
    }
    for &(w, span) in &words[i..] {
        let mv = parse_move(w).map_err(|p| Problem { span, ..p })?;
        moves.push(RecordMove::new(MoveText::Usi(mv), span));
    }
    Ok(Record {
        start: setup,
        start_span,
        moves,
        ..Record::default()
    })
}

/// Does this line start a USI record (`position …`, `startpos …`, `sfen …`)?
pub fn starts_record(line: &str) -> bool {
    let t = line.trim_start();
    ["position", "startpos", "sfen"].iter().any(|w| {
        t.strip_prefix(w)
            .is_some_and(|r| r.is_empty() || r.starts_with(char::is_whitespace))
    })
}

/// Read every record of a USI text. A text with several lines that each start a record
/// (`position …`, as ShogiHome and shogiarena write one game a line) holds one record per
/// such line, running to the next; any other text is one record, whose lines count as
/// spaces. Spans point into `text`.
pub fn parse_records(text: &str) -> Result<Vec<Record>, Problem> {
    let starts: Vec<usize> = crate::core::text::lines(text)
        .filter(|(_, l)| starts_record(l))
        .map(|(at, _)| at)
        .collect();
    if starts.len() < 2 {
        return Ok(vec![parse_record(text)?]);
    }
    let mut records = Vec::with_capacity(starts.len());
    let mut bounds = starts.clone();
    bounds.push(text.len());
    for w in bounds.windows(2) {
        let part = &text[w[0]..w[1]];
        let rec = parse_record(part).map_err(|p| p.shifted(w[0]))?;
        records.push(shifted(rec, w[0]));
    }
    Ok(records)
}

/// A record read from a slice, its spans moved to the whole text's coordinates.
fn shifted(mut rec: Record, by: usize) -> Record {
    rec.start_span = rec.start_span.shifted(by);
    for m in &mut rec.moves {
        m.span = m.span.shifted(by);
    }
    rec
}

/// Canonical USI record: `position sfen <sfen> moves …` (or `startpos` when it is one).
pub fn print_record(start: &Setup, moves: &[Move]) -> String {
    let sfen = sfen::setup_to_sfen(start);
    let mut out = if sfen == sfen::STARTPOS {
        "position startpos".to_string()
    } else {
        format!("position sfen {sfen}")
    };
    if !moves.is_empty() {
        out.push_str(" moves");
        for m in moves {
            out.push(' ');
            out.push_str(&move_text(*m));
        }
    }
    out.push('\n');
    out
}
