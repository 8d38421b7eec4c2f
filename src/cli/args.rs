//! Command-line types only (clap derive). Behaviour lives in one file per subcommand.

use super::help;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    name = "hensoku",
    version,
    propagate_version = true,
    after_help = help::HENSOKU,
    about = "Read, write, validate and solve the notations of unusual board games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Read records and print them back canonically (or their syntax tree with --json).
    #[command(after_help = help::PARSE)]
    Parse(ParseArgs),
    /// Replay records with the full rules and report every illegal or malformed move.
    #[command(after_help = help::VALIDATE)]
    Validate(crate::stream::ValidateArgs),
    /// Prove a mate-in-N puzzle and print its solution tree, cooks and duals.
    #[command(after_help = help::SOLVE)]
    Solve(SolveArgs),
    /// Convert a record to another notation of the same game.
    #[command(after_help = help::CONVERT)]
    Convert(ConvertArgs),
    /// List every legal move of a position.
    #[command(after_help = help::MOVES)]
    Moves(MovesArgs),
    /// Count the leaf nodes of the legal move tree (move generator check and benchmark).
    #[command(after_help = help::PERFT)]
    Perft(PerftArgs),
    /// Draw a position: a terminal diagram, or an SVG picture.
    #[command(after_help = help::RENDER)]
    Render(RenderArgs),
    /// Write one HTML page that steps through a record, a puzzle's solution or a position.
    #[command(after_help = help::VIEW)]
    View(ViewArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    #[command(after_help = help::COMPLETIONS)]
    Completions(CompletionsArgs),
    /// Print a manual page in roff: hensoku(1), or the one of a command.
    #[command(after_help = help::MAN)]
    Man(ManArgs),
}

/// The games hensoku knows by name.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    Shogi,
    Chess,
    ShogiCards,
    Shelt,
    PortalHowe,
    PortalHidden,
    PortalBuckley,
    Fived,
    Quantum,
}

#[derive(Args, Debug, Clone)]
pub struct Common {
    /// The game; inferred from the file extension or a `[Game "…"]` header when absent.
    #[arg(long, value_enum, global = true)]
    pub game: Option<GameName>,
    /// Machine-readable output: one JSON document (JSON Lines for several files).
    #[arg(long, global = true)]
    pub json: bool,
}

/// Arguments of the commands that read whole files of records (`parse`, `validate`).
#[derive(Args, Debug)]
pub struct RecordsArgs {
    /// Files to read (`-` for standard input).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Notation of the input when neither the extension nor the text tells it.
    #[arg(long)]
    pub from: Option<String>,
    #[command(flatten)]
    pub common: Common,
}

/// Arguments of `parse`: the files, then how to go through many records.
#[derive(Args, Debug)]
pub struct ParseArgs {
    #[command(flatten)]
    pub records: RecordsArgs,
    #[command(flatten)]
    pub stream: crate::stream::StreamArgs,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A puzzle file or record; the position to solve is its start (a puzzle) or its diagram.
    pub file: Option<PathBuf>,
    /// The position to solve, in the game's position notation (SFEN for shogi).
    #[arg(long, conflicts_with = "file")]
    pub position: Option<String>,
    /// Stop at this many plies: report `nomate` when no mate exists within it (at least 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub mate_in: Option<u32>,
    /// The stipulation, in Popeye's spelling (`#2` as `--mate-in 2`, `h#3`, `h#2.5`, `s#2`,
    /// `r#2`, `h=2`, `ser-h#5`, `ser-#3`) or a shogi name (`bakazume 17`, `ばか詰 17手`):
    /// docs/stipulations.md.
    #[arg(long, value_name = "SPEC", conflicts_with = "mate_in")]
    pub stipulation: Option<hensoku::Stipulation>,
    /// Node budget; when exhausted the answer is `unknown` with what was learned.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Time budget in seconds; when exhausted the answer is `unknown`. Longer than 10^9 s
    /// (about 31 years) counts as 10^9 s.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub time: Option<Duration>,
    /// The most memory, in MiB, the search's tables and caches may take (at least 1).
    /// Shogi: the tsume table (default 256; the exact pass's relaxed twin adds half at most);
    /// card shogi, Shelt, Howe: the proof table (defaults 32, 8, 8); Quantum Chamber: half
    /// the table, half the status memo (defaults 8 and about 300); chess, Hidden, Buckley:
    /// the proof table (default 256). Those forget entries when full, so answers do not
    /// change. 5D: the pending work (default 256), past which it answers `unknown`,
    /// stopped by memory. `--table-mb` is the same option.
    #[arg(long, visible_alias = "table-mb", value_name = "MIB")]
    pub memory: Option<u64>,
    /// Also list tries: first moves that fail to a single defence (with that refutation).
    #[arg(long)]
    pub tries: bool,
    /// Also write the solution as a page (`hensoku view`'s): the tree to step through.
    #[arg(long, value_name = "OUT.html")]
    pub view: Option<PathBuf>,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// The record to convert (`-` for standard input).
    pub file: PathBuf,
    /// Target notation (shogi: usi, sfen, sfen-positions, csa, kif, ki2; chess: pgn, san,
    /// uci, uci-result, fen).
    #[arg(long)]
    pub to: String,
    /// Notation of the input when neither the extension nor the text tells it.
    #[arg(long)]
    pub from: Option<String>,
    /// Write here instead of standard output, compressed when the name ends in `.gz` or
    /// `.zst`. It is replaced once the input is read, when a record converted at all (a
    /// new file in its folder, renamed over it); an existing file keeps its permissions, a
    /// symlink's target is written, a FIFO or device written into; a read-only file or a
    /// folder is refused, untouched.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Refuse (exit 1) when the target notation cannot carry everything in the input
    /// (times, comments, variations, …) instead of dropping it with a warning, and an
    /// irregular record read leniently (a KIF variation past the end of its line, …).
    #[arg(long)]
    pub strict: bool,
    #[command(flatten)]
    pub stream: crate::stream::StreamArgs,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The position (SFEN for shogi); the start position when absent.
    #[arg(long)]
    pub position: Option<String>,
    /// Notation of the listed moves (shogi: usi, csa, kif, ki2).
    #[arg(long)]
    pub notation: Option<String>,
    /// 5D: list whole legal actions (every combination of moves across the boards), one per
    /// line as they are found, instead of each board's moves.
    #[arg(long)]
    pub actions: bool,
    /// With --actions: list at most this many (the list is then partial, exit 1).
    #[arg(long, requires = "actions")]
    pub nodes: Option<u64>,
    /// With --actions: stop after this many seconds (the list is then partial, exit 1).
    #[arg(long, value_name = "SECONDS", value_parser = seconds, requires = "actions")]
    pub time: Option<Duration>,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The position (SFEN for shogi); the start position when absent.
    #[arg(long)]
    pub position: Option<String>,
    /// Plies to count, at most 64.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=MAX_PERFT_DEPTH))]
    pub depth: u32,
    /// Show the count below each first move.
    #[arg(long)]
    pub divide: bool,
    /// Stop once this many leaves are counted (the count shown is then partial, exit 1).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Stop after this many seconds (the count shown is then partial, exit 1); Ctrl-C stops
    /// the count the same way.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub time: Option<Duration>,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// Draw the position at the end of this record (`-` for standard input).
    #[arg(conflicts_with = "position")]
    pub file: Option<PathBuf>,
    /// The same as FILE (the older spelling).
    #[arg(long = "file", value_name = "FILE", hide = true)]
    #[arg(conflicts_with_all = ["file", "position"])]
    pub file_option: Option<PathBuf>,
    /// The position (SFEN for shogi); the start position when neither this nor FILE is given.
    #[arg(long)]
    pub position: Option<String>,
    /// Use ASCII letters instead of the game's own characters.
    #[arg(long)]
    pub ascii: bool,
    /// Write an SVG picture to this file (overwritten as `convert -o` overwrites).
    #[arg(long)]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub common: Common,
}

impl RenderArgs {
    /// The record to draw, given as FILE or as `--file FILE`.
    pub fn record(&self) -> Option<&std::path::Path> {
        self.file.as_deref().or(self.file_option.as_deref())
    }
}

#[derive(Args, Debug)]
pub struct ViewArgs {
    /// A record or puzzle file (`-` for standard input).
    #[arg(conflicts_with = "position")]
    pub file: Option<PathBuf>,
    /// A single position instead (SFEN for shogi); the start position when neither is given.
    #[arg(long)]
    pub position: Option<String>,
    /// Write the page here (`-` for standard output); by default FILE's name with `.html`
    /// added, in the current directory (`position.html` for a position).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Notation of the input when neither the extension nor the text tells it.
    #[arg(long)]
    pub from: Option<String>,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Every subcommand's name, in the order of `--help` (a test checks it against clap's).
pub const COMMANDS: [&str; 10] = [
    "parse",
    "validate",
    "solve",
    "convert",
    "moves",
    "perft",
    "render",
    "view",
    "completions",
    "man",
];

#[derive(Args, Debug)]
pub struct ManArgs {
    /// The command whose page to print (hensoku-COMMAND(1)); hensoku(1) when absent.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(COMMANDS))]
    pub command: Option<String>,
}

/// The deepest perft: far beyond any count that ends, and shallow enough for the stack of
/// every game's recursive count.
pub const MAX_PERFT_DEPTH: i64 = 64;

/// The longest time limit taken as given (10^9 s, about 31 years); a longer one is cut to it,
/// so that no deadline overflows the clock.
pub const MAX_SECONDS: f64 = 1e9;

/// A positive number of seconds (`--time`), cut to [`MAX_SECONDS`].
fn seconds(text: &str) -> Result<Duration, String> {
    let t: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if t.is_nan() || t <= 0.0 {
        return Err("the time must be a positive number of seconds".into());
    }
    Ok(Duration::from_secs_f64(t.min(MAX_SECONDS)))
}
