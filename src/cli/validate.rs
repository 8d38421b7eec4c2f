//! `hensoku validate`: replay every record of every file; report all problems and go on.

use super::args::RecordsArgs;
use super::error::{CliError, EXIT_INVALID, EXIT_OK};
use super::game::{Input, adapter};
use super::json::{self, CommandName};
use super::{game_for, input, output};
use hensoku::core::span::Lines;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub fn run(a: &RecordsArgs) -> Result<u8, CliError> {
    let mut worst = EXIT_OK;
    let bar = progress(a.files.len(), a.common.json);
    for path in &a.files {
        let code = match input::read(path).and_then(|inp| check_file(a, &inp)) {
            Ok(code) => code,
            Err(e) if a.common.json => {
                // keep the per-file keys so a script reads every line the same way
                let problem = e.json().get("problem").cloned();
                let extra = serde_json::json!({
                    "file": path.display().to_string(), "valid": false, "plies": 0,
                    "errors": problem.into_iter().collect::<Vec<_>>(),
                });
                json::print(&json::failure_with(
                    CommandName::Validate,
                    a.common.game,
                    &e,
                    &extra,
                ));
                e.exit
            }
            Err(e) => {
                output::error(&e, false, CommandName::Validate, a.common.game);
                e.exit
            }
        };
        worst = worst.max(code);
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(worst)
}

/// A progress bar on standard error for batches, shown only on a terminal.
fn progress(n: usize, json: bool) -> ProgressBar {
    if n < 20 || json {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(n as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
        bar.set_style(style);
    }
    bar
}

fn check_file(a: &RecordsArgs, inp: &Input) -> Result<u8, CliError> {
    let name = game_for(&a.common, Some(&inp.name), Some(&inp.bytes))?;
    let checked = adapter(name)
        .validate(inp, a.from.as_deref())
        .map_err(|e| e.in_game(name))?;
    let mut code = EXIT_OK;
    let several = checked.records.len() > 1;
    for (i, rec) in checked.records.iter().enumerate() {
        let valid = rec.problems.is_empty();
        if !valid {
            code = EXIT_INVALID;
        }
        if a.common.json {
            let lines = Lines::new(&checked.text);
            let errors: Vec<_> = rec.problems.iter().map(|p| p.located_in(&lines)).collect();
            let warnings: Vec<_> = rec.warnings.iter().map(|p| p.located_in(&lines)).collect();
            let mut v = serde_json::json!({
                "file": inp.name, "valid": valid, "plies": rec.plies, "result": rec.result, "errors": errors,
                "warnings": warnings,
            });
            if several {
                v["record"] = (i + 1).into();
            }
            output::json(CommandName::Validate, name, &v);
        } else {
            let label = if several {
                format!("{} (record {})", inp.name, i + 1)
            } else {
                inp.name.clone()
            };
            for p in &rec.warnings {
                output::warning(&label, &checked.text, p);
            }
            for p in &rec.problems {
                output::report(&label, &checked.text, p);
            }
            let verdict = if valid { "valid" } else { "INVALID" };
            let result = rec.result["reason"].as_str().unwrap_or("");
            let winner = rec.result["winner"]
                .as_str()
                .map(|w| format!(", {w} wins"))
                .unwrap_or_default();
            println!("{label}: {verdict}, {} plies ({result}{winner})", rec.plies);
        }
    }
    Ok(code)
}
