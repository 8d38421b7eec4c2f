//! 5DFEN boards (§10.3): `[rows:L:T:c]`, and building the initial multiverse from them.

use super::board::{Board, sq};
use super::multiverse::{MAX_TIMELINES, MAX_TURN, Multiverse, Timeline};
use super::types::{Cell, Colour, Kind};
use crate::core::{Problem, Span};
use crate::games::fived::FivedRule;

/// One 5DFEN board as written, before the set-up is assembled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenBoard {
    pub board: Board,
    /// Rows and cells per row as written (checked against `Size`).
    pub rows: Vec<usize>,
    pub negative: bool,
    pub label: i32,
    pub turn: i32,
    pub colour: Colour,
    pub span: Span,
}

impl FenBoard {
    /// `-0`/`+0` written with a sign means an even set-up.
    pub fn signed_zero(&self, text: &str) -> bool {
        self.label == 0 && text.contains(":+0:") || text.contains(":-0:")
    }
}

fn bad(msg: impl Into<String>, span: Span) -> Problem {
    Problem::new(FivedRule::BadFen, msg, span)
}

/// Read one `[rows:L:T:c]`; `span` is where `text` (with its brackets) sits in the file.
pub fn parse_board(text: &str, span: Span) -> Result<FenBoard, Problem> {
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| bad("a 5DFEN board is written [rows:L:T:c]", span))?;
    let parts: Vec<&str> = inner.split(':').collect();
    let [rows, l, t, c] = parts[..] else {
        return Err(bad(
            format!(
                "a 5DFEN board has four fields separated by `:`, found {}",
                parts.len()
            ),
            span,
        ));
    };
    let (board, widths) = parse_rows(rows, span)?;
    let negative = l.starts_with('-');
    let digits = l.trim_start_matches(['-', '+']);
    let label = match digits.parse::<u64>() {
        Ok(n) if n < MAX_TIMELINES as u64 => n as i32,
        Ok(_) => {
            let msg = format!(
                "timeline `{l}` is out of reach: labels stop at ±{}, so that a set-up stays small",
                MAX_TIMELINES - 1
            );
            return Err(Problem::new(FivedRule::TooManyTimelines, msg, span));
        }
        Err(_) => return Err(bad(format!("`{l}` is not a timeline label"), span)),
    };
    let turn = t.parse::<i32>().ok().filter(|n| (0..=MAX_TURN).contains(n));
    let turn = turn.ok_or_else(|| bad(format!("`{t}` is not a turn number"), span))?;
    let colour = match c {
        "w" | "W" => Colour::White,
        "b" | "B" => Colour::Black,
        _ => return Err(bad(format!("`{c}` is not a colour (w or b)"), span)),
    };
    Ok(FenBoard {
        board,
        rows: widths,
        negative,
        label,
        turn,
        colour,
        span,
    })
}

/// The rows, top (rank H) first. Returns the board and the width of each row.
fn parse_rows(rows: &str, span: Span) -> Result<(Board, Vec<usize>), Problem> {
    let lines: Vec<&str> = rows.split('/').collect();
    if lines.len() > 8 {
        return Err(bad(
            format!("{} rows: a board has at most 8", lines.len()),
            span,
        ));
    }
    let h = lines.len();
    let mut board = Board::empty();
    let mut widths = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let rank = (h - 1 - i) as i32;
        widths.push(parse_row(line, rank, &mut board, span)?);
    }
    Ok((board, widths))
}

fn parse_row(line: &str, rank: i32, board: &mut Board, span: Span) -> Result<usize, Problem> {
    let mut file = 0usize;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut n = c.to_digit(10).unwrap_or(0) as usize;
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                n = n * 10 + d as usize;
                chars.next();
                if n > 8 {
                    break;
                }
            }
            if n == 0 {
                return Err(bad("an empty-square count must be at least 1", span));
            }
            file += n;
        } else {
            let c = if c == '+' {
                chars.next().unwrap_or(' ')
            } else {
                c
            };
            let kind = Kind::from_letter(c)
                .ok_or_else(|| bad(format!("`{c}` is not a piece letter"), span))?;
            let colour = if c.is_ascii_uppercase() {
                Colour::White
            } else {
                Colour::Black
            };
            let unmoved = chars.next_if_eq(&'*').is_some();
            if file < 8 {
                board.set(sq(file as i32, rank), Cell::piece(kind, colour, unmoved));
            }
            file += 1;
        }
        if file > 8 {
            return Err(bad("a row holds more than 8 squares", span));
        }
    }
    Ok(file)
}

/// Assemble the initial multiverse from 5DFEN boards (§2.3, §10.3): every row of width `w`,
/// `h` rows, each timeline's boards consecutive, initial timelines consecutive.
pub fn assemble(
    boards: &[FenBoard],
    size: (i32, i32),
    even: bool,
    promotions: Vec<Kind>,
) -> Result<Multiverse, Problem> {
    let (w, h) = size;
    if let Some(p) = boards.iter().find_map(|b| wrong_size(b, size)) {
        return Err(p);
    }
    let mut lines: Vec<(i32, Vec<&FenBoard>)> = Vec::new();
    for b in boards {
        let l = timeline_label(b, even)?;
        match lines.iter_mut().find(|(x, _)| *x == l) {
            Some((_, v)) => v.push(b),
            None => lines.push((l, vec![b])),
        }
    }
    lines.sort_by_key(|(l, _)| *l);
    let first = boards.first().map(|b| b.span).unwrap_or_default();
    let Some(&(low, _)) = lines.first() else {
        return Err(Problem::new(
            FivedRule::NoBoards,
            "the set-up has no board",
            first,
        ));
    };
    let mut timelines = Vec::new();
    for (i, (l, bs)) in lines.iter().enumerate() {
        if *l != low + i as i32 {
            return Err(Problem::new(
                FivedRule::TimelineGap,
                "the initial timelines must be consecutive",
                bs[0].span,
            ));
        }
        timelines.push(timeline_of(bs)?);
    }
    let high = low + timelines.len() as i32 - 1;
    let mv = Multiverse {
        width: w,
        height: h,
        even,
        low,
        timelines,
        init_min: low,
        init_max: high,
        promotions,
    };
    if even != (low < 0 && high >= 0) && even {
        return Err(Problem::new(
            FivedRule::BadTimeline,
            "an even set-up must hold both -0 and +0",
            first,
        ));
    }
    Ok(mv)
}

/// The board's rows do not fit `size` (W, H).
pub(crate) fn wrong_size(b: &FenBoard, (w, h): (i32, i32)) -> Option<Problem> {
    if b.rows.len() == h as usize && b.rows.iter().all(|&r| r == w as usize) {
        return None;
    }
    let found: Vec<String> = b.rows.iter().map(|r| r.to_string()).collect();
    Some(Problem::new(
        FivedRule::FenSize,
        format!(
            "the board must be {w}x{h}: {} rows of widths {}",
            b.rows.len(),
            found.join(",")
        ),
        b.span,
    ))
}

/// The board's timeline index, or the problem of a `-0` in an odd set-up.
pub(crate) fn timeline_label(b: &FenBoard, even: bool) -> Result<i32, Problem> {
    Multiverse::parse_label(even, b.negative, b.label).ok_or_else(|| {
        Problem::new(
            FivedRule::BadTimeline,
            "`-0` names no timeline in an odd set-up",
            b.span,
        )
    })
}

fn timeline_of(bs: &[&FenBoard]) -> Result<Timeline, Problem> {
    let mut sorted: Vec<&&FenBoard> = bs.iter().collect();
    sorted.sort_by_key(|b| Multiverse::v_of(b.turn, b.colour));
    let start = Multiverse::v_of(sorted[0].turn, sorted[0].colour);
    let mut boards = Vec::new();
    for (i, b) in sorted.iter().enumerate() {
        if Multiverse::v_of(b.turn, b.colour) != start + i as i32 {
            return Err(Problem::new(
                FivedRule::TimelineGap,
                "a timeline's boards must follow each other without gaps or repeats",
                b.span,
            ));
        }
        boards.push(b.board.clone());
    }
    Ok(Timeline { start, boards })
}

/// Print a board as 5DFEN.
pub fn board_text(mv: &Multiverse, l: i32, v: i32) -> String {
    let Some(b) = mv.board(l, v) else {
        return String::new();
    };
    let mut rows = Vec::new();
    for rank in (0..mv.height).rev() {
        let mut row = String::new();
        let mut gap = 0;
        for file in 0..mv.width {
            let c = b.at(sq(file, rank));
            match c.letter() {
                None => gap += 1,
                Some(ch) => {
                    if gap > 0 {
                        row.push_str(&gap.to_string());
                        gap = 0;
                    }
                    row.push(ch);
                    if c.unmoved() {
                        row.push('*');
                    }
                }
            }
        }
        if gap > 0 {
            row.push_str(&gap.to_string());
        }
        rows.push(row);
    }
    format!(
        "[{}:{}:{}:{}]",
        rows.join("/"),
        mv.label(l),
        Multiverse::turn_of(v),
        Colour::of_v(v).letter()
    )
}

/// Every board of the multiverse as 5DFEN, timeline by timeline.
pub fn multiverse_text(mv: &Multiverse) -> Vec<String> {
    let mut out = Vec::new();
    for l in mv.indices() {
        if let Some(t) = mv.timeline(l) {
            for v in t.start..=t.end() {
                out.push(board_text(mv, l, v));
            }
        }
    }
    out
}
