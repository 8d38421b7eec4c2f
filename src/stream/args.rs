//! The options of `validate` for inputs of any size (clap derive), beside the options it
//! shares with `parse`.

use crate::cli::args::RecordsArgs;
use clap::Args;

/// Arguments of `validate`: the files, then how to go through many records.
#[derive(Args, Debug)]
pub struct ValidateArgs {
    #[command(flatten)]
    pub records: RecordsArgs,
    #[command(flatten)]
    pub scale: ScaleArgs,
}

/// How `validate` goes through many records: threads, what it prints, when it stops.
#[derive(Args, Debug, Clone)]
pub struct ScaleArgs {
    /// Check this many records at once (default: one per core); the output is the same,
    /// byte for byte, whatever N.
    #[arg(short = 'j', long = "jobs", value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Stop after the first invalid or unreadable record.
    #[arg(long)]
    pub fail_fast: bool,
    /// End with a summary: records, valid, invalid, unreadable, each rule's count, bytes,
    /// time (with --json, one more line).
    #[arg(long)]
    pub summary: bool,
    /// Print only the invalid and unreadable records, then the summary.
    #[arg(long)]
    pub invalid_only: bool,
    /// Refuse what the readers tolerate with a warning (a KIF variation past the end of its
    /// line, a repeated move number, …): each becomes an error and its record invalid.
    #[arg(long)]
    pub strict: bool,
    /// A record longer than this (in bytes) is reported as unreadable and skipped.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_RECORD_BYTES)]
    pub max_record_bytes: u64,
}

/// Far beyond any real record (the longest annotated games are some hundred kilobytes),
/// small enough that one record never takes the memory of a whole archive.
pub const DEFAULT_MAX_RECORD_BYTES: u64 = 64 << 20;

impl ScaleArgs {
    /// Worker threads: `-j`, else every core.
    pub fn jobs(&self) -> usize {
        jobs_or_cores(self.jobs)
    }
}

/// How `parse` and `convert` go through many records: threads, and the longest record.
#[derive(Args, Debug, Clone)]
pub struct StreamArgs {
    /// Work on this many records at once (default: one per core); the output is the same,
    /// byte for byte, whatever N.
    #[arg(short = 'j', long = "jobs", value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// A record longer than this (in bytes) is reported as unreadable and skipped.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_RECORD_BYTES)]
    pub max_record_bytes: u64,
}

impl StreamArgs {
    /// Worker threads: `-j`, else every core.
    pub fn jobs(&self) -> usize {
        jobs_or_cores(self.jobs)
    }
}

/// `n` threads, else one per core.
fn jobs_or_cores(n: Option<u16>) -> usize {
    match n {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}
