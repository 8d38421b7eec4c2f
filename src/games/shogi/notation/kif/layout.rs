//! The layout of a KIF or KI2 text around its move texts: headers, the start, fixed
//! columns, endings with their `まで` lines, and the variations in the order Kifu for
//! Windows writes them, so that print → parse → print gives the same text and Kakinoki's
//! readers attach every `変化` where it belongs.

use crate::games::shogi::record::{Ending, HEADER_KEYS, Record, RecordMove};
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::Color;

use super::board::{handicap_name, handicap_needs_diagram, print_diagram};
use super::names::ending_word;
use super::reader::Flavor;

/// Columns of a text as a fixed-width font shows it (full-width characters take two).
fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

fn pad(s: &str, to: usize) -> String {
    format!("{s}{}", " ".repeat(to.saturating_sub(width(s)).max(1)))
}

/// A move line to lay out: its text, and the time, comments and variation mark of the
/// move it stands for.
struct Line<'r> {
    text: &'r str,
    source: &'r RecordMove,
    /// Some variation replaces this move (KIF marks it with `+`).
    branched: bool,
}

/// How a record names its players: 先手/後手, or 下手/上手 in a handicap game.
#[derive(Clone, Copy)]
struct Names {
    handicap: bool,
}

impl Names {
    fn of(setup: &Setup) -> Names {
        Names {
            handicap: handicap_name(setup).is_some_and(|n| n != "平手"),
        }
    }
    fn side(self, c: Color) -> &'static str {
        match (c, self.handicap) {
            (Color::Black, false) => "先手",
            (Color::White, false) => "後手",
            (Color::Black, true) => "下手",
            (Color::White, true) => "上手",
        }
    }
    /// The KIF key of a header: a player key (`N+`, `先手`, `下手`) in this record's words,
    /// a CSA key in KIF's, any other as it is.
    fn key(self, k: &str) -> &str {
        match k {
            "N+" | "先手" | "下手" => self.side(Color::Black),
            "N-" | "後手" | "上手" => self.side(Color::White),
            _ => HEADER_KEYS
                .iter()
                .find(|(_, csa)| *csa == k)
                .map_or(k, |(kif, _)| kif),
        }
    }
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

fn side_after(start: &Setup, plies: usize) -> Color {
    if plies.is_multiple_of(2) {
        start.side
    } else {
        start.side.flip()
    }
}

/// The KIF terminal word of an ending, `to_move` being the side to move.
fn terminal_word(ending: &Ending, to_move: Color) -> Option<String> {
    match ending {
        Ending::IllegalAction(c) if *c == to_move => Some("反則負け".into()),
        Ending::IllegalAction(_) => Some("反則勝ち".into()),
        e => ending_word(e),
    }
}

/// `まで64手で後手の勝ち`: the summary line of an ending after `n` plies, or `None` for an
/// ending KIF cannot write.
fn summary_line(ending: &Ending, start: &Setup, n: usize) -> Option<String> {
    let names = Names::of(start);
    let to_move = side_after(start, n);
    let (mover, other) = (names.side(to_move), names.side(to_move.flip()));
    let what = match ending {
        Ending::Resign => format!("{other}の勝ち"),
        Ending::TimeUp => format!("時間切れにより{other}の勝ち"),
        Ending::IllegalWin => format!("{mover}の反則勝ち"),
        Ending::IllegalLoss => format!("{mover}の反則負け"),
        Ending::IllegalAction(c) if *c == to_move => format!("{mover}の反則負け"),
        Ending::IllegalAction(_) => format!("{mover}の反則勝ち"),
        Ending::EnteringKingWin => format!("{mover}の入玉勝ち"),
        Ending::WinByDefault => format!("{mover}の不戦勝"),
        Ending::LossByDefault => format!("{mover}の不戦敗"),
        e => ending_word(e)?,
    };
    Some(format!("まで{n}手で{what}"))
}

fn print_kif_moves(out: &mut String, lines: &[Line], first_ply: usize) {
    for (i, line) in lines.iter().enumerate() {
        let head = format!("{:>4} {}", first_ply + i, line.text);
        let mut row = match &line.source.time {
            Some(t) => format!("{}({t})", pad(&head, 19)),
            None if line.branched => pad(&head, 19),
            None => head,
        };
        if line.branched {
            row.push('+');
        }
        out.push_str(&row);
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
        row.push(line.text);
        if row.len() == 6 || !line.source.comments.is_empty() {
            flush(out, &mut row);
            push_comments(out, &line.source.comments);
        }
    }
    flush(out, &mut row);
}

/// A line's ending: KIF's terminal move line (with its time) and the `まで` line.
fn print_ending(
    out: &mut String,
    flavor: Flavor,
    ending: Option<&Ending>,
    time: Option<&str>,
    start: &Setup,
    n: usize,
) {
    let Some(e) = ending else {
        return;
    };
    let Some(summary) = summary_line(e, start, n) else {
        return;
    };
    if flavor == Flavor::Kif
        && let Some(word) = terminal_word(e, side_after(start, n))
    {
        let head = format!("{:>4} {word}", n + 1);
        match time {
            Some(t) => out.push_str(&format!("{}({t})\n", pad(&head, 19))),
            None => out.push_str(&format!("{head}\n")),
        }
    }
    out.push_str(&summary);
    out.push('\n');
}

/// The start: a `手合割` name, with the board diagram too for the handicaps that many
/// readers do not know by name; any other position as a diagram.
fn print_start(out: &mut String, start: &Setup) {
    match handicap_name(start) {
        Some(name) => {
            out.push_str(&format!("手合割：{name}\n"));
            if handicap_needs_diagram(name) {
                out.push_str(&print_diagram(start));
            }
        }
        None => out.push_str(&print_diagram(start)),
    }
}

/// The order in which KIF writes the variations: after a line, those that branch from
/// it from the latest ply back to the first, each followed by its own; a reader that
/// attaches `変化：N手` to the latest open line with a ply N rebuilds the same tree.
fn variation_order(record: &Record) -> Vec<usize> {
    let branches = record.branches();
    let mut order = Vec::with_capacity(record.variations.len());
    // the stack pops the next variation to print: a line's earliest branch goes in first
    let mut stack: Vec<usize> = branches[0].iter().map(|&(_, k)| k).collect();
    sort_for_stack(&mut stack, record);
    while let Some(k) = stack.pop() {
        order.push(k);
        let mut children: Vec<usize> = branches[k + 1].iter().map(|&(_, c)| c).collect();
        sort_for_stack(&mut children, record);
        stack.extend(children);
    }
    order
}

/// Order siblings so that popping gives the latest ply first, and of the same ply the one
/// read first.
fn sort_for_stack(siblings: &mut [usize], record: &Record) {
    siblings.sort_by_key(|&k| (record.variations[k].ply, std::cmp::Reverse(k)));
}

/// Lay out a record whose move texts are already written: `texts[0]` for the main line,
/// `texts[k + 1]` for variation `k`, one text per move. Everything else (headers, the
/// start, comments, times, endings) comes from `record`, whose move texts are not looked
/// at: a variant game (card shogi) prints its own plies this way and keeps the rest.
pub fn print_with_texts(record: &Record, flavor: Flavor, texts: &[Vec<String>]) -> String {
    let names = Names::of(&record.start);
    let mut out = String::new();
    for (k, v) in &record.headers {
        out.push_str(&format!("{}：{v}\n", names.key(k)));
    }
    print_start(&mut out, &record.start);
    push_comments(&mut out, &record.comments);
    if flavor == Flavor::Kif {
        out.push_str("手数----指手---------消費時間--\n");
    }
    let branches = record.branches();
    let lines_of = |line: usize| -> Vec<Line> {
        let first = record.line_first_ply(line);
        let moves = record.line_moves(line);
        let texts = texts.get(line).map_or(&[][..], |t| t.as_slice());
        texts
            .iter()
            .zip(moves)
            .enumerate()
            .map(|(i, (text, source))| Line {
                text,
                source,
                branched: branches[line]
                    .binary_search_by_key(&(first + i), |b| b.0)
                    .is_ok(),
            })
            .collect()
    };
    let main = lines_of(0);
    print_line(&mut out, flavor, &main, 1);
    print_ending(
        &mut out,
        flavor,
        record.ending.as_ref().map(|e| &e.0),
        record.ending_time.as_deref(),
        &record.start,
        main.len(),
    );
    for k in variation_order(record) {
        let v = &record.variations[k];
        let vlines = lines_of(k + 1);
        out.push_str(&format!("\n変化：{}手\n", v.ply));
        print_line(&mut out, flavor, &vlines, v.ply);
        print_ending(
            &mut out,
            flavor,
            v.ending.as_ref().map(|e| &e.0),
            v.ending_time.as_deref(),
            &record.start,
            v.ply - 1 + vlines.len(),
        );
    }
    out
}

fn print_line(out: &mut String, flavor: Flavor, lines: &[Line], first_ply: usize) {
    match flavor {
        Flavor::Kif => print_kif_moves(out, lines, first_ply),
        Flavor::Ki2 => print_ki2_moves(out, lines),
    }
}
