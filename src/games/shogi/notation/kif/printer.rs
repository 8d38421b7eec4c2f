//! Canonical KIF and KI2 printers: one spelling per thing, fixed columns, so that
//! print → parse → print gives the same text.

use crate::core::{Problem, Span};
use crate::games::shogi::ShogiRule;
use crate::games::shogi::position::Position;
use crate::games::shogi::record::{Ending, HEADER_KEYS, Record, RecordMove};
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::{Color, Move, Square};

use super::board::{handicap_name, print_diagram};
use super::moves::legal_origins;
use super::names::{ending_word, move_piece_name, square_name};
use super::reader::Flavor;
use super::words;

/// KIF text of one move of `pos`: `７六歩(77)`, `同　銀(32)`, `５五角打`, `２二角成(88)`.
pub fn kif_move_text(pos: &Position, mv: Move, previous: Option<Square>) -> String {
    let mut s = dest_text(mv.to(), previous);
    match mv {
        Move::Board { from, promote, .. } => {
            s.push_str(move_piece_name(moving_kind(pos, mv)));
            if promote {
                s.push('成');
            }
            s.push_str(&format!("({}{})", from.file(), from.rank()));
        }
        Move::Drop { kind, .. } => {
            s.push_str(move_piece_name(kind));
            s.push('打');
        }
    }
    s
}

/// KI2 text of one move of `pos` with the fewest words that make it unique:
/// `▲２八銀左引`, `△同　歩`, `▲６三銀打`, `▲２四歩不成`.
pub fn ki2_move_text(pos: &Position, mv: Move, previous: Option<Square>) -> String {
    let us = pos.side_to_move();
    let mut s = String::from(if us == Color::Black { "▲" } else { "△" });
    s.push_str(&dest_text(mv.to(), previous));
    let kind = moving_kind(pos, mv);
    s.push_str(move_piece_name(kind));
    let origins = legal_origins(pos, kind, mv.to());
    match mv {
        Move::Drop { .. } => {
            if !origins.is_empty() {
                s.push('打');
            }
        }
        Move::Board { from, to, promote } => {
            s.push_str(&words::choose(&origins, from, to, us, kind).text());
            if promote {
                s.push('成');
            } else if kind.can_promote() && (from.in_zone(us) || to.in_zone(us)) {
                s.push_str("不成");
            }
        }
    }
    s
}

fn dest_text(to: Square, previous: Option<Square>) -> String {
    if previous == Some(to) {
        "同　".to_string()
    } else {
        square_name(to)
    }
}

fn moving_kind(pos: &Position, mv: Move) -> crate::games::shogi::types::Kind {
    match mv {
        Move::Board { from, .. } => pos
            .piece_at(from)
            .map_or(crate::games::shogi::types::Kind::King, |p| p.kind),
        Move::Drop { kind, .. } => kind,
    }
}

/// Columns of a text as a fixed-width font shows it (full-width characters take two).
fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

fn pad(s: &str, to: usize) -> String {
    format!("{s}{}", " ".repeat(to.saturating_sub(width(s)).max(1)))
}

/// The position before each move of a line and the previous destination there.
type History = Vec<(Position, Option<Square>)>;

/// A move line resolved for printing.
struct Line<'r> {
    text: String,
    source: &'r RecordMove,
}

/// Resolve and print every move of a line from `pos`; returns the lines and the positions
/// before each move (the last entry is the position at the end).
fn resolve_line<'r>(
    flavor: Flavor,
    mut pos: Position,
    mut previous: Option<Square>,
    moves: &'r [RecordMove],
    first_ply: usize,
) -> Result<(Vec<Line<'r>>, History), Problem> {
    let mut lines = Vec::new();
    let mut history = vec![(pos.clone(), previous)];
    for (i, rm) in moves.iter().enumerate() {
        let mv = rm.text.resolve(&pos, previous).map_err(|p| {
            let span = if p.span.len > 0 {
                p.span.shifted(rm.span.offset)
            } else {
                rm.span
            };
            Problem { span, ..p }.at_ply(first_ply + i)
        })?;
        if let Err(e) = crate::games::shogi::rules::check_move(&pos, mv) {
            return Err(Problem::new(e.rule, e.message, rm.span).at_ply(first_ply + i));
        }
        let text = match flavor {
            Flavor::Kif => kif_move_text(&pos, mv, previous),
            Flavor::Ki2 => ki2_move_text(&pos, mv, previous),
        };
        lines.push(Line { text, source: rm });
        pos.play(mv);
        previous = Some(mv.to());
        history.push((pos.clone(), previous));
    }
    Ok((lines, history))
}

fn push_comments(out: &mut String, comments: &[String]) {
    for c in comments {
        if c.starts_with('&') {
            out.push_str(c);
        } else {
            out.push('*');
            out.push_str(c);
        }
        out.push('\n');
    }
}

/// `まで64手で後手の勝ち`: the summary line of an ending after `n` plies.
pub fn summary_line(ending: &Ending, start: &Setup, n: usize) -> String {
    let to_move = if n.is_multiple_of(2) {
        start.side
    } else {
        start.side.flip()
    };
    let name = |c: Color| {
        if c == Color::Black {
            "先手"
        } else {
            "後手"
        }
    };
    let what = match ending {
        Ending::Resign => format!("{}の勝ち", name(to_move.flip())),
        Ending::TimeUp => format!("時間切れにより{}の勝ち", name(to_move.flip())),
        Ending::IllegalMove => format!("{}の反則勝ち", name(to_move)),
        Ending::Checkmate => "詰み".into(),
        Ending::EnteringKingWin => format!("{}の入玉勝ち", name(to_move)),
        e => ending_word(e),
    };
    format!("まで{n}手で{what}")
}

fn print_kif_moves(out: &mut String, lines: &[Line], first_ply: usize) {
    for (i, line) in lines.iter().enumerate() {
        let head = format!("{:>4} {}", first_ply + i, line.text);
        match &line.source.time {
            Some(t) => out.push_str(&format!("{}({t})", pad(&head, 19))),
            None => out.push_str(&head),
        }
        out.push('\n');
        push_comments(out, &line.source.comments);
    }
}

/// KI2 moves, six to a line; a comment ends the line of the move it belongs to.
fn print_ki2_moves(out: &mut String, lines: &[Line]) {
    let mut row: Vec<&str> = Vec::new();
    let flush = |out: &mut String, row: &mut Vec<&str>| {
        if !row.is_empty() {
            let cells: Vec<String> = row.iter().map(|t| pad(t, 14)).collect();
            out.push_str(cells.concat().trim_end());
            out.push('\n');
            row.clear();
        }
    };
    for line in lines {
        row.push(&line.text);
        if row.len() == 6 || !line.source.comments.is_empty() {
            flush(out, &mut row);
            push_comments(out, &line.source.comments);
        }
    }
    flush(out, &mut row);
}

fn print_ending(
    out: &mut String,
    flavor: Flavor,
    ending: &Option<(Ending, Span)>,
    start: &Setup,
    n: usize,
) {
    if let Some((e, _)) = ending {
        if flavor == Flavor::Kif {
            out.push_str(&format!("{:>4} {}\n", n + 1, ending_word(e)));
        }
        out.push_str(&summary_line(e, start, n));
        out.push('\n');
    }
}

/// Print a record as KIF or KI2. Every move is resolved (and checked) against the
/// position, since both notations need it; the first move that fails is the error.
pub fn print_record(record: &Record, flavor: Flavor) -> Result<String, Problem> {
    let start = record
        .start
        .validate()
        .map_err(|errs| Problem::new(errs[0].rule, errs[0].message.clone(), record.start_span))?;
    let (lines, history) = resolve_line(flavor, start, None, &record.moves, 1)?;
    let mut texts = vec![lines.into_iter().map(|l| l.text).collect::<Vec<_>>()];
    for v in &record.variations {
        let Some((pos, previous)) = history
            .get(v.ply.saturating_sub(1))
            .cloned()
            .filter(|_| v.ply >= 1)
        else {
            let span = v.moves.first().map_or(Span::default(), |m| m.span);
            return Err(Problem::new(
                ShogiRule::VariationOutOfRange,
                format!("a variation at ply {} branches beyond the main line", v.ply),
                span,
            ));
        };
        let (vlines, _) = resolve_line(flavor, pos, previous, &v.moves, v.ply)?;
        texts.push(vlines.into_iter().map(|l| l.text).collect());
    }
    Ok(print_with_texts(record, flavor, &texts))
}

/// Lay out a record whose move texts are already written: `texts[0]` for the main line,
/// `texts[k]` for variation `k - 1`, one text per move. Everything else (headers, the
/// start, comments, times, endings) comes from `record`, whose move texts are not looked
/// at: a variant game (card shogi) prints its own plies this way and keeps the rest.
pub fn print_with_texts(record: &Record, flavor: Flavor, texts: &[Vec<String>]) -> String {
    let mut out = String::new();
    for (k, v) in &record.headers {
        let k = HEADER_KEYS
            .iter()
            .find(|(_, csa)| csa == k)
            .map_or(k.as_str(), |(kif, _)| kif);
        out.push_str(&format!("{k}：{v}\n"));
    }
    match handicap_name(&record.start) {
        Some(name) => out.push_str(&format!("手合割：{name}\n")),
        None => out.push_str(&print_diagram(&record.start)),
    }
    push_comments(&mut out, &record.comments);
    if flavor == Flavor::Kif {
        out.push_str("手数----指手---------消費時間--\n");
    }
    let main = written_lines(&record.moves, texts.first());
    print_line(&mut out, flavor, &main, 1);
    print_ending(&mut out, flavor, &record.ending, &record.start, main.len());
    for (k, v) in record.variations.iter().enumerate() {
        let vlines = written_lines(&v.moves, texts.get(k + 1));
        out.push_str(&format!("\n変化：{}手\n", v.ply));
        print_line(&mut out, flavor, &vlines, v.ply);
        print_ending(
            &mut out,
            flavor,
            &v.ending,
            &record.start,
            v.ply - 1 + vlines.len(),
        );
    }
    out
}

/// Pair each written text with the move it stands for (times, comments).
fn written_lines<'r>(moves: &'r [RecordMove], texts: Option<&Vec<String>>) -> Vec<Line<'r>> {
    let texts = texts.map_or(&[][..], |t| t.as_slice());
    texts
        .iter()
        .zip(moves)
        .map(|(text, source)| Line {
            text: text.clone(),
            source,
        })
        .collect()
}

fn print_line(out: &mut String, flavor: Flavor, lines: &[Line], first_ply: usize) {
    match flavor {
        Flavor::Kif => print_kif_moves(out, lines, first_ply),
        Flavor::Ki2 => print_ki2_moves(out, lines),
    }
}
