//! The command line: clap types in `args`, one module per subcommand, one adapter per game.

pub mod args;
pub mod argv;
pub mod chess;
pub mod chess_stipulation;
pub mod convert;
pub(crate) mod entry;
pub mod error;
pub mod fived;
pub mod fived_moves;
pub mod game;
pub mod help;
pub mod input;
pub mod json;
pub mod manual;
pub mod moves;
pub mod output;
pub mod output_file;
pub mod parse;
pub mod perft;
pub mod portal;
pub mod portal_howe;
pub mod puzzle_file;
pub mod quantum;
pub mod render;
pub mod shelt;
pub mod shelt_solve;
pub mod shogi;
pub mod shogi_cards;
pub mod shogi_solve;
pub mod shogi_stipulation;
pub mod solve;
pub mod stipulation;
pub mod validate;
pub mod view;

use args::{Command, Common, GameName};
use error::CliError;

/// Run a parsed command line; returns the process exit code.
pub fn run(cli: args::Cli) -> u8 {
    use json::CommandName as C;
    let (result, command, common) = match &cli.command {
        Command::Perft(a) => (perft::run(a), C::Perft, &a.common),
        Command::Moves(a) => (moves::run(a), C::Moves, &a.common),
        Command::Validate(a) => (validate::run(a), C::Validate, &a.records.common),
        Command::Parse(a) => (parse::run(a), C::Parse, &a.records.common),
        Command::Convert(a) => (convert::run(a), C::Convert, &a.common),
        Command::Solve(a) => (solve::run(a), C::Solve, &a.common),
        Command::Render(a) => (render::run(a), C::Render, &a.common),
        Command::View(a) => (view::run(a), C::View, &a.common),
        Command::Completions(a) => return manual::completions(a),
        Command::Man(a) => return manual::man(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            output::error(&e, common.json, command, common.game);
            e.exit
        }
    }
}

/// The game named by `--game`, else inferred from the file, else an error.
pub fn game_for(
    common: &Common,
    name: Option<&str>,
    bytes: Option<&[u8]>,
) -> Result<GameName, CliError> {
    common
        .game
        .or_else(|| game::infer(name, bytes))
        .ok_or_else(|| {
            CliError::usage(format!(
                "cannot tell which game this is: pass --game ({})",
                game_names()
            ))
        })
}

/// Every `--game` value, from the enum itself so the message never misses a game.
fn game_names() -> String {
    use clap::ValueEnum;
    let names: Vec<String> = GameName::value_variants()
        .iter()
        .filter_map(|g| g.to_possible_value())
        .map(|v| v.get_name().to_string())
        .collect();
    names.join(", ")
}

/// For commands given only a position: `--game` or the default, shogi.
pub fn game_or_default(common: &Common) -> GameName {
    common.game.unwrap_or(GameName::Shogi)
}
