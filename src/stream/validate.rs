//! The command line's `validate` over inputs of any size: the public reader's
//! [`source`](super::source) and [`split`](super::split), then [`check`](super::check) reads
//! and replays each record with the game's adapter on every core
//! ([`pipeline`](super::pipeline)), and [`report`](super::report) writes each result and the
//! summary in input order. Memory holds a few records per thread, whatever the input's size.

use super::ValidateArgs;
use super::{check, pieces, report};
use crate::cli::error::CliError;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// Run `validate`: every record of every input, reported in order; the exit code.
pub fn validate(a: &ValidateArgs) -> Result<u8, CliError> {
    let json = a.records.common.json;
    let stdout = std::io::stdout();
    let flush_each = stdout.is_terminal();
    let out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut collector = report::Collector::new(out, flush_each, json, &a.scale);
    let bar = progress(json);
    let inputs = pieces::Inputs {
        files: &a.records.files,
        common: &a.records.common,
        from: a.records.from.as_deref(),
        max: a.scale.max_record_bytes,
    };
    pieces::each(&inputs, a.scale.jobs(), check::check, |o| {
        if !bar.suspend(|| collector.push(o)) {
            return false;
        }
        let (records, bytes) = collector.progress();
        if records % 128 == 0 {
            bar.set_position(records);
            bar.set_message(format!("{:.1} MB read", bytes as f64 / 1e6));
        }
        true
    });
    bar.finish_and_clear();
    Ok(collector.finish())
}

/// A counter of records and bytes on standard error, shown only on a terminal.
fn progress(json: bool) -> ProgressBar {
    if json || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let template = "{spinner} {pos} records, {msg}, {per_sec} {elapsed}";
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}
