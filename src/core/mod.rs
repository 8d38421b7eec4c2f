//! What every game shares: the `Game` trait, spans, diagnostics and line ends.

pub mod diagnostic;
pub mod excerpt;
pub mod game;
pub(crate) mod hashing;
pub mod parse_error;
pub mod rule;
pub mod scan;
pub mod span;
pub mod text;

pub use diagnostic::{LocatedProblem, Problem, Report, quote};
pub use game::{Game, Outcome};
pub use rule::{CommonRule, Rule};
pub use span::Span;
