//! `hensoku validate`: replay every record of every file; report all problems and go on.

use super::args::RecordsArgs;
use super::error::{CliError, EXIT_INVALID, EXIT_OK};
use super::game::{Input, adapter};
use super::{game_for, input, output};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub fn run(a: &RecordsArgs) -> Result<u8, CliError> {
    let mut worst = EXIT_OK;
    let bar = progress(a.files.len(), a.common.json);
    for path in &a.files {
        let code = match input::read(path).and_then(|inp| check_file(a, &inp)) {
            Ok(code) => code,
            Err(e) if a.common.json => {
                // keep the per-file shape so a script reads every line the same way
                let mut v = e.json();
                v["file"] = path.display().to_string().into();
                v["valid"] = false.into();
                v["plies"] = 0.into();
                v["errors"] = v.get("problem").cloned().into_iter().collect();
                output::json(&v);
                e.exit
            }
            Err(e) => {
                output::error(&e, false);
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
    let game = adapter(game_for(&a.common, Some(&inp.name), Some(&inp.bytes))?);
    let checked = game.validate(inp, a.from.as_deref())?;
    let mut code = EXIT_OK;
    let several = checked.records.len() > 1;
    for (i, rec) in checked.records.iter().enumerate() {
        let valid = rec.problems.is_empty();
        if !valid {
            code = EXIT_INVALID;
        }
        if a.common.json {
            let errors: Vec<_> = rec
                .problems
                .iter()
                .map(|p| p.located(&checked.text))
                .collect();
            let warnings: Vec<_> = rec
                .warnings
                .iter()
                .map(|p| p.located(&checked.text))
                .collect();
            let mut v = serde_json::json!({
                "file": inp.name, "valid": valid, "plies": rec.plies, "result": rec.result, "errors": errors,
                "warnings": warnings,
            });
            if several {
                v["record"] = (i + 1).into();
            }
            output::json(&v);
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
