//! The report of a run, written as the records come (in input order): each record's line
//! or diagnostics, then the summary. Located problems get the place of their piece added,
//! so lines and offsets are the whole file's.

use super::args::ScaleArgs;
use super::check::{Outcome, Place, Unread};
use crate::cli::args::GameName;
use crate::cli::error::{CliError, EXIT_INVALID, EXIT_OK};
use crate::cli::game::RecordCheck;
use crate::cli::json::{self, CommandName};
use hensoku::core::span::Lines;
use hensoku::core::{LocatedProblem, Problem, Report};
use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

/// The running counts of a run and where its lines go.
pub struct Collector<W: Write> {
    out: W,
    flush_each: bool,
    json: bool,
    invalid_only: bool,
    fail_fast: bool,
    strict: bool,
    summary: bool,
    started: Instant,
    index: u64,
    file_id: Option<u64>,
    in_file: u64,
    counts: Counts,
    games: Vec<GameName>,
    /// The exit code of the worst unreadable input.
    worst_unreadable: u8,
    /// The output cannot be written (a closed pipe): stop.
    broken: bool,
}

/// What the summary counts.
#[derive(Default)]
struct Counts {
    records: u64,
    valid: u64,
    invalid: u64,
    unreadable: u64,
    bytes: u64,
    rules: BTreeMap<String, u64>,
}

impl<W: Write> Collector<W> {
    pub fn new(out: W, flush_each: bool, as_json: bool, scale: &ScaleArgs) -> Collector<W> {
        Collector {
            out,
            flush_each,
            json: as_json,
            invalid_only: scale.invalid_only,
            fail_fast: scale.fail_fast,
            strict: scale.strict,
            summary: scale.summary || scale.invalid_only,
            started: Instant::now(),
            index: 0,
            file_id: None,
            in_file: 0,
            counts: Counts::default(),
            games: Vec::new(),
            worst_unreadable: EXIT_OK,
            broken: false,
        }
    }

    /// Records reported so far, and bytes read.
    pub fn progress(&self) -> (u64, u64) {
        (self.counts.records, self.counts.bytes)
    }

    fn line(&mut self, text: &str) {
        if self.broken {
            return;
        }
        let ok =
            writeln!(self.out, "{text}").is_ok() && (!self.flush_each || self.out.flush().is_ok());
        self.broken = !ok;
    }

    /// Standard error is written directly: what went before on standard output first.
    fn before_stderr(&mut self) {
        self.broken |= self.out.flush().is_err();
    }

    fn game_seen(&mut self, g: GameName) {
        if !self.games.contains(&g) {
            self.games.push(g);
        }
    }

    /// Report one outcome; false when the run should stop.
    pub fn push(&mut self, o: Outcome) -> bool {
        let bad = match o {
            Outcome::Checked {
                file,
                place,
                first,
                last,
                bytes,
                text,
                records,
            } => {
                self.counts.bytes += bytes;
                self.game_seen(file.game);
                if self.file_id != Some(file.id) {
                    self.file_id = Some(file.id);
                    self.in_file = 0;
                }
                let several = !(first && last && records.len() == 1);
                let records = if self.strict {
                    records.into_iter().map(strictly).collect()
                } else {
                    records
                };
                let lines = (!text.is_empty()).then(|| Lines::new(&text));
                let mut bad = false;
                for rec in &records {
                    self.index += 1;
                    self.in_file += 1;
                    self.counts.records += 1;
                    let valid = rec.problems.is_empty();
                    if valid {
                        self.counts.valid += 1;
                    } else {
                        self.counts.invalid += 1;
                        bad = true;
                    }
                    for p in &rec.problems {
                        *self
                            .counts
                            .rules
                            .entry(p.rule.name().to_string())
                            .or_default() += 1;
                    }
                    if valid && self.invalid_only {
                        continue;
                    }
                    let number = several.then_some(self.in_file);
                    if self.json {
                        let locate = |ps: &[Problem]| -> Vec<LocatedProblem> {
                            match &lines {
                                Some(l) => {
                                    ps.iter().map(|p| placed(p.located_in(l), place)).collect()
                                }
                                None => Vec::new(),
                            }
                        };
                        let mut v = serde_json::json!({
                            "file": file.shown, "valid": valid, "plies": rec.plies,
                            "result": rec.result, "errors": locate(&rec.problems),
                            "warnings": locate(&rec.warnings),
                            "index": self.index, "offset": place.offset, "line": place.line,
                        });
                        if let Some(n) = number {
                            v["record"] = n.into();
                        }
                        let doc = json::document(CommandName::Validate, file.game, &v);
                        self.line(&doc);
                    } else {
                        let label = match number {
                            Some(n) => format!("{} (record {n})", file.shown),
                            None => file.shown.clone(),
                        };
                        if !rec.warnings.is_empty() || !rec.problems.is_empty() {
                            self.before_stderr();
                        }
                        for p in &rec.warnings {
                            let r = Report::new(&label, &text, p).warning();
                            eprintln!("{:?}", miette::Report::new(shift(r, place)));
                        }
                        for p in &rec.problems {
                            let r = Report::new(&label, &text, p);
                            eprintln!("{:?}", miette::Report::new(shift(r, place)));
                        }
                        let verdict = if valid { "valid" } else { "INVALID" };
                        let result = rec.result["reason"].as_str().unwrap_or("");
                        let winner = rec.result["winner"]
                            .as_str()
                            .map(|w| format!(", {w} wins"))
                            .unwrap_or_default();
                        let l =
                            format!("{label}: {verdict}, {} plies ({result}{winner})", rec.plies);
                        self.line(&l);
                    }
                }
                bad
            }
            Outcome::Unreadable(Unread {
                name,
                game,
                error,
                place,
                bytes,
            }) => {
                self.counts.bytes += bytes;
                self.counts.records += 1;
                self.counts.unreadable += 1;
                self.index += 1;
                if let Some(g) = game {
                    self.game_seen(g);
                }
                self.worst_unreadable = self.worst_unreadable.max(error.exit);
                let rule = error.located.as_deref().map(|l| l.0.rule.name());
                *self
                    .counts
                    .rules
                    .entry(rule.unwrap_or("Unreadable").to_string())
                    .or_default() += 1;
                self.unreadable(&name, game, &error, place);
                true
            }
        };
        !(self.broken || (bad && self.fail_fast))
    }

    fn unreadable(
        &mut self,
        name: &str,
        game: Option<GameName>,
        e: &CliError,
        place: Option<Place>,
    ) {
        let place = place.unwrap_or(Place { offset: 0, line: 1 });
        if self.json {
            let mut error = e.json();
            error["file"] = name.into();
            if let Some(p) = error.get_mut("problem") {
                p["line"] = (p["line"].as_u64().unwrap_or(1) + place.line - 1).into();
                p["offset"] = (p["offset"].as_u64().unwrap_or(0) + place.offset).into();
            }
            if let Some((p, _, _)) = e.located.as_deref() {
                error["message"] = format!("{name}: {}", p.message).into();
            }
            let problem = error.get("problem").cloned();
            let extra = serde_json::json!({
                "file": name, "valid": false, "plies": 0,
                "errors": problem.into_iter().collect::<Vec<_>>(),
                "index": self.index, "offset": place.offset, "line": place.line,
            });
            let fixed = CliError {
                kind: e.kind,
                exit: e.exit,
                message: error["message"].as_str().unwrap_or(&e.message).to_string(),
                game: e.game,
                located: None,
            };
            let mut doc: serde_json::Value = serde_json::from_str(&json::failure_with(
                CommandName::Validate,
                game,
                &fixed,
                &extra,
            ))
            .unwrap_or_default();
            doc["error"] = error;
            let line = serde_json::to_string(&doc).unwrap_or_default();
            self.line(&line);
            return;
        }
        self.before_stderr();
        match e.located.as_deref() {
            Some((p, _, text)) => {
                let r = Report::new(name, text, p);
                eprintln!("{:?}", miette::Report::new(shift(r, place)));
            }
            None => eprintln!("error: {}", e.message),
        }
    }

    /// The summary (when asked for), and the exit code of the run.
    pub fn finish(mut self) -> u8 {
        let c = std::mem::take(&mut self.counts);
        let elapsed = self.started.elapsed();
        if self.summary {
            let rules: Vec<String> = c.rules.iter().map(|(r, n)| format!("{r} {n}")).collect();
            let line = if self.json {
                let game = match self.games.as_slice() {
                    [g] => Some(json::game_name(*g)),
                    _ => None,
                };
                serde_json::json!({
                    "schema_version": json::SCHEMA_VERSION, "command": "validate", "game": game,
                    "summary": {
                        "records": c.records, "valid": c.valid, "invalid": c.invalid,
                        "unreadable": c.unreadable, "rules": c.rules, "bytes": c.bytes,
                        "elapsed_ms": elapsed.as_millis() as u64,
                    }
                })
                .to_string()
            } else {
                let secs = elapsed.as_secs_f64();
                format!(
                    "{} records: {} valid, {} invalid, {} unreadable{}; {:.1} MB in {:.2} s ({:.0} records/s)",
                    c.records,
                    c.valid,
                    c.invalid,
                    c.unreadable,
                    if rules.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", rules.join(", "))
                    },
                    c.bytes as f64 / 1e6,
                    secs,
                    c.records as f64 / secs.max(1e-9),
                )
            };
            self.line(&line);
        }
        let _ = self.out.flush();
        let read = c.valid + c.invalid > 0;
        let unreadable = match (c.unreadable, read) {
            (0, _) => EXIT_OK,
            (_, true) => EXIT_INVALID,
            (_, false) => self.worst_unreadable,
        };
        let invalid = if c.invalid > 0 { EXIT_INVALID } else { EXIT_OK };
        unreadable.max(invalid)
    }
}

/// A problem located in its piece, placed in the whole file.
fn placed(mut l: LocatedProblem, place: Place) -> LocatedProblem {
    l.line += place.line as usize - 1;
    l.offset += place.offset as usize;
    l
}

/// A report of a problem in a piece, placed in the whole file.
fn shift(r: Report, place: Place) -> Report {
    r.placed(place.offset as usize, place.line as usize - 1)
}

/// `--strict`: what the reader tolerated is an error, in its place among the others.
fn strictly(mut rec: RecordCheck) -> RecordCheck {
    rec.problems.append(&mut rec.warnings);
    rec.problems.sort_by_key(|p| p.span.offset);
    rec
}
