//! What the CLI needs from a game, and how a game name becomes an implementation.
//!
//! Each game supplies one adapter (see `shogi.rs`); the subcommands are written once against
//! this trait. Adding a game = one adapter file + one arm in [`adapter`].

use super::args::GameName;
use super::error::CliError;
use super::perft::Counter;
use hensoku::Problem;
use hensoku::{Answer, Extension, Limits, Stipulation};

/// A file's bytes and the name to show for it (the library's, shared with `convert`).
pub use hensoku::file::Input;

/// The verdict on one record of a file.
pub struct RecordCheck {
    pub plies: usize,
    pub result: serde_json::Value,
    pub problems: Vec<Problem>,
    /// Deviations the reader tolerated (the record stays valid).
    pub warnings: Vec<Problem>,
}

/// A file read and replayed: its decoded text (spans point into it) and each record's check.
pub struct Checked {
    pub text: String,
    pub records: Vec<RecordCheck>,
}

/// Options of `solve`, the same for every game.
#[derive(Clone, Copy)]
pub struct SolveRequest {
    /// The stipulation's length in the game's unit, over the puzzle's own.
    pub mate_in: Option<u32>,
    /// Nodes, time, and the most memory the solver's tables and caches may take.
    pub limits: Limits,
    /// List tries and their refutations (chess problems).
    pub tries: bool,
}

/// A solve answer: the position solved (in the game's position notation) and the shared
/// answer, its extension as JSON and the extension's lines for the terminal.
pub struct Solved {
    pub position: String,
    pub answer: Answer<serde_json::Value>,
    pub notes: Vec<String>,
    /// How the solutions the puzzle file states compare with the proof, when it states
    /// some (help, self and reflex play; see `stipulation.rs`).
    pub stated: Option<super::stipulation::Comparison>,
}

impl Solved {
    pub fn new<X: Extension>(position: String, answer: Answer<X>) -> Solved {
        let (answer, notes) = answer.erased();
        Solved {
            position,
            answer,
            notes,
            stated: None,
        }
    }
}

/// What `render` shows: the terminal diagram, the SVG picture and the position's text.
pub struct Rendered {
    pub diagram: String,
    pub svg: String,
    pub position: String,
}

impl Rendered {
    /// The game's own diagram, picture and position notation, through its face.
    pub fn of<G: hensoku::Game>(pos: &G::Position, ascii: bool) -> Rendered {
        Rendered {
            diagram: G::diagram(pos, ascii),
            svg: G::svg(pos),
            position: pos.to_string(),
        }
    }
}

pub struct PerftAnswer {
    pub nodes: u64,
    /// (move text, count) per first move when dividing.
    pub divide: Vec<(String, u64)>,
    /// The limit that stopped the count (the counts are then partial).
    pub stopped: Option<super::perft::Stop>,
}

pub trait GameCli {
    /// The leaf count `depth` plies below the position (and below each first move when
    /// `divide`), counted by `counter` within its limits.
    fn perft(
        &self,
        position: Option<&str>,
        depth: u32,
        divide: bool,
        counter: &mut Counter,
    ) -> Result<PerftAnswer, CliError>;
    fn moves(
        &self,
        position: Option<&str>,
        notation: Option<&str>,
    ) -> Result<Vec<String>, CliError>;
    fn validate(&self, input: &Input, from: Option<&str>) -> Result<Checked, CliError>;
    /// Canonical re-print of the input, and its syntax as JSON.
    fn parse(
        &self,
        input: &Input,
        from: Option<&str>,
    ) -> Result<(String, serde_json::Value), CliError>;
    fn solve(
        &self,
        input: Option<&Input>,
        position: Option<&str>,
        req: &SolveRequest,
    ) -> Result<Solved, CliError>;
    /// The bytes of a converted text for the file `path` of notation `to`, and what their
    /// encoding could not hold (a warning). UTF-8 unless the notation says otherwise
    /// (`.kif` and `.ki2` are Shift_JIS).
    fn encode_output(
        &self,
        text: &str,
        _to: &str,
        _path: &std::path::Path,
    ) -> (Vec<u8>, Option<Problem>) {
        (text.as_bytes().to_vec(), None)
    }
    /// Solve a stipulation other than a direct mate (help, self, reflex or series play,
    /// stalemate), from the puzzle file or the position; `None` when the game has no solver
    /// for it (the command then refuses it, naming both).
    fn solve_stipulation(
        &self,
        _input: Option<&Input>,
        _position: Option<&str>,
        _req: &SolveRequest,
        _stipulation: Stipulation,
    ) -> Option<Result<Solved, CliError>> {
        None
    }
    /// A terminal diagram, the SVG picture, and the position in the game's position notation.
    fn render(
        &self,
        position: Option<&str>,
        input: Option<&Input>,
        ascii: bool,
    ) -> Result<Rendered, CliError>;
}

/// The adapter of a game. A sixth game adds its arm here (and its name in `args.rs`).
pub fn adapter(game: GameName) -> Box<dyn GameCli> {
    match game {
        GameName::Shogi => Box::new(super::shogi::Shogi),
        GameName::Chess => Box::new(super::chess::Chess),
        GameName::PortalHidden => Box::new(super::portal::Hidden::new()),
        GameName::PortalBuckley => Box::new(super::portal::Buckley::new()),
        GameName::PortalHowe => Box::new(super::portal_howe::Howe),
        GameName::Shelt => Box::new(super::shelt::Shelt),
        GameName::ShogiCards => Box::new(super::shogi_cards::ShogiCards),
        GameName::Fived => Box::new(super::fived::Fived),
        GameName::Quantum => Box::new(super::quantum::Quantum),
    }
}

/// Infer the game from a file name or its first lines; `None` if nothing tells.
pub fn infer(name: Option<&str>, bytes: Option<&[u8]>) -> Option<GameName> {
    let game = hensoku::stream::game_of(name, bytes.unwrap_or_default())?;
    <GameName as clap::ValueEnum>::from_str(game, true).ok()
}
