//! Keep the candidate positions that make good help, self or reflex problems: each
//! position read from standard input (one per line, in the game's position notation) is
//! solved for the stipulation, and one whose solution set is small (help play: 1 to
//! `--most` solutions; self and reflex play: one key) is written as a `.puzzle` file of
//! `puzzles/stipulations/`, its solutions proved by hensoku. Where the candidates come
//! from (random positions, variations of known problems) is the caller's business.
//!
//! ```text
//! cargo run --release --example compose_stipulations -- \
//!     GAME STIPULATION PREFIX COUNT [--most N] [--nodes N] [--time MS] [--must TEXT] \
//!     < positions.txt
//! ```
//!
//! `PREFIX` names the files (`puzzles/stipulations/PREFIX-01.puzzle`, …, numbered after
//! the files already there); `--must TEXT` keeps only problems one of whose solutions
//! contains `TEXT` (`→`: a teleport in Portal Chess, `>`: a jump in 5D); `--time MS`
//! skips a candidate whose proof takes longer. A 5D position (`fived`) is written as its
//! boards in 5DFEN on one line.

use std::io::BufRead;
use std::path::Path;
use std::time::Duration;

use hensoku::answer::{HelpSolutions, Outcome, line_text};
use hensoku::{Game, Limits, Stipulation, Unit};

struct Options {
    stip: Stipulation,
    prefix: String,
    count: usize,
    most: usize,
    nodes: u64,
    time: Option<Duration>,
    must: Option<String>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!(
            "usage: GAME STIPULATION PREFIX COUNT [--most N] [--nodes N] [--time MS] [--must TEXT]"
        );
        std::process::exit(2);
    }
    let flag = |name: &str| {
        let at = args.iter().position(|a| a == name)?;
        args.get(at + 1).cloned()
    };
    let opts = Options {
        stip: args[1].parse().expect("a stipulation"),
        prefix: args[2].clone(),
        count: args[3].parse().expect("a count"),
        most: flag("--most").map_or(2, |n| n.parse().expect("--most N")),
        nodes: flag("--nodes").map_or(2_000_000, |n| n.parse().expect("--nodes N")),
        time: flag("--time").map(|t| Duration::from_millis(t.parse().expect("--time MS"))),
        must: flag("--must"),
    };
    let kept = match args[0].as_str() {
        "chess" => compose::<hensoku::chess::Chess>(&opts),
        "portal-hidden" => compose::<hensoku::portal::hidden::Hidden>(&opts),
        "portal-buckley" => compose::<hensoku::portal::buckley::Buckley>(&opts),
        "portal-howe" => compose::<hensoku::portal::howe::Howe>(&opts),
        "shogi" => compose::<hensoku::shogi::Shogi>(&opts),
        "shogi-cards" => compose::<hensoku::shogi_cards::ShogiCards>(&opts),
        "shelt" => compose::<hensoku::shelt::Shelt>(&opts),
        "quantum" => compose::<hensoku::quantum::Quantum>(&opts),
        "fived" => compose::<hensoku::fived::Fived>(&opts),
        other => panic!("no game {other}"),
    };
    eprintln!("kept {kept}");
}

/// Read candidates until `count` problems are kept; how many were kept.
fn compose<G: Game>(opts: &Options) -> usize {
    let dir = Path::new("puzzles/stipulations");
    let mut number = next_number(dir, &opts.prefix);
    let mut kept = 0;
    let limits = Limits {
        nodes: Some(opts.nodes),
        time: opts.time,
        ..Limits::default()
    };
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("a line of input");
        let Ok(pos) = line.trim().parse::<G::Position>() else {
            continue;
        };
        let Ok(answer) = G::solve_stipulation(&pos, &opts.stip, &limits) else {
            continue;
        };
        if answer.result != Outcome::Solved {
            continue;
        }
        let lines = match &answer.help {
            Some(help) => help_lines(help, opts),
            None if answer.solution.unique == Some(true) => vec![answer.solution.moves.clone()],
            None => continue,
        };
        if lines.is_empty() {
            continue;
        }
        // the shogi names ask for the shortest: state the length found
        let mut stip = opts.stip;
        if stip.unit == Unit::Plies {
            stip.length = answer.solution.length.value;
        }
        let file = dir.join(format!("{}-{number:02}.puzzle", opts.prefix));
        let text = puzzle_text(G::NAME, &position_text(G::NAME, &line, &pos), &stip, &lines);
        std::fs::write(&file, text).expect("the puzzle file written");
        eprintln!("{}: {}", file.display(), pos);
        number += 1;
        kept += 1;
        if kept == opts.count {
            break;
        }
    }
    kept
}

/// The solutions of a help problem worth keeping, or none: a complete list of 1 to `most`
/// solutions, no short one, one of them holding `must`.
fn help_lines(help: &HelpSolutions, opts: &Options) -> Vec<Vec<String>> {
    let fits = help.complete
        && (1..=opts.most).contains(&help.count)
        && help.solutions.iter().all(|s| !s.short)
        && opts.must.as_ref().is_none_or(|m| {
            help.solutions
                .iter()
                .any(|s| s.moves.iter().any(|mv| mv.contains(m.as_str())))
        });
    if !fits {
        return Vec::new();
    }
    help.solutions.iter().map(|s| s.moves.clone()).collect()
}

/// The position as the puzzle's one-line `Position` tag: the game's own notation, but a
/// 5D multiverse (whose header spans lines) as its boards in 5DFEN.
fn position_text(game: &str, line: &str, pos: &impl std::fmt::Display) -> String {
    match line.trim().parse::<hensoku::fived::Position>() {
        Ok(mv) if game == "fived" => hensoku::fived::fen::multiverse_text(&mv).join(" "),
        _ => pos.to_string(),
    }
}

/// The next free number for `prefix` in `dir`.
fn next_number(dir: &Path, prefix: &str) -> usize {
    let taken = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .filter(|e| {
                    e.file_name()
                        .to_string_lossy()
                        .starts_with(&format!("{prefix}-"))
                })
                .count()
        })
        .unwrap_or(0);
    taken + 1
}

/// The `.puzzle` file: tags, then one solution (help play) or the main line per line.
fn puzzle_text(game: &str, position: &str, stip: &Stipulation, lines: &[Vec<String>]) -> String {
    let mut out = format!(
        "[Game \"{game}\"]\n[Position \"{position}\"]\n[Stipulation \"{}\"]\n",
        stip.spelling()
    );
    out.push_str(
        "[Source \"composed for hensoku: a candidate position kept when its solution set \
         was small, proved by hensoku solve\"]\n",
    );
    out.push_str("[License \"position and solutions are facts (no licence needed)\"]\n\n");
    for line in lines {
        out.push_str(&numbered(stip, line));
        out.push('\n');
    }
    out
}

/// Popeye's numbering in moves (`1.Kd5 Qe4+ 2.Kc5 Qb4#`); plies plain, as USI writes them.
fn numbered(stip: &Stipulation, moves: &[String]) -> String {
    match stip.unit {
        Unit::Plies => moves.join(" "),
        _ => line_text(stip, moves),
    }
}
