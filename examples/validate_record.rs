//! Library use: read a shogi record (KIF, KI2, CSA or USI), replay it under the rules and
//! print every problem with its rule's stable name, its ply and its place in the text.
//!
//! ```text
//! cargo run --example validate_record -- RECORD-FILE
//! echo "position startpos moves 7g7f 3c3d 2h2b" | cargo run --example validate_record
//! ```
//!
//! It uses only the public face (`hensoku::shogi`, `hensoku::Problem`), as a program
//! depending on hensoku with `default-features = false` would.

use std::io::Read;
use std::process::ExitCode;

use hensoku::Problem;
use hensoku::shogi;

fn main() -> ExitCode {
    let text = match read_input() {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read the record: {e}");
            return ExitCode::from(2);
        }
    };
    let records = match shogi::read(&text) {
        Ok(records) => records,
        Err(problem) => {
            report(&text, &problem);
            return ExitCode::from(1);
        }
    };
    let mut clean = true;
    for (i, record) in records.iter().enumerate() {
        let replay = shogi::validate(record);
        println!("record {}: {} legal moves", i + 1, replay.moves.len());
        for problem in &replay.problems {
            report(&text, problem);
        }
        clean &= replay.valid();
    }
    ExitCode::from(if clean { 0 } else { 1 })
}

/// The file named by the first argument, or standard input.
fn read_input() -> std::io::Result<String> {
    match std::env::args_os().nth(1) {
        Some(path) => std::fs::read_to_string(path),
        None => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text)?;
            Ok(text)
        }
    }
}

/// One line per problem: the rule's stable name (the `rule` of the JSON output), the ply,
/// the line and column of its span, and the message.
fn report(text: &str, problem: &Problem) {
    let before = &text[..problem.span.offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    let ply = problem.ply.map_or(String::new(), |p| format!(" ply {p}"));
    println!(
        "  {}{ply} at {line}:{column}: {}",
        problem.rule.name(),
        problem.message
    );
}
