//! A command line that clap refused, read for what a failure document needs: whether
//! `--json` was asked for, the subcommand and the game, when they can be told.

use super::args::GameName;
use super::error::CliError;
use super::json::{self, CommandName};
use std::ffi::OsString;

/// What the raw arguments say, read without clap (which just refused them).
#[derive(Debug, Default, PartialEq)]
pub struct Refused {
    pub json: bool,
    pub command: Option<CommandName>,
    pub game: Option<GameName>,
}

/// Read the arguments after the program name; everything after `--` is a value.
pub fn read(args: &[OsString]) -> Refused {
    let mut r = Refused::default();
    let mut words = args.iter().map(|a| a.to_str());
    while let Some(word) = words.next() {
        match word {
            Some("--") => break,
            Some("--json") => r.json = true,
            Some("--game") => r.game = words.next().flatten().and_then(game),
            Some(w) if w.starts_with("--game=") => r.game = game(&w["--game=".len()..]),
            Some(w) if r.command.is_none() => r.command = command(w),
            _ => {}
        }
    }
    r
}

fn game(name: &str) -> Option<GameName> {
    <GameName as clap::ValueEnum>::from_str(name, true).ok()
}

fn command(word: &str) -> Option<CommandName> {
    use CommandName as C;
    Some(match word {
        "parse" => C::Parse,
        "validate" => C::Validate,
        "solve" => C::Solve,
        "convert" => C::Convert,
        "moves" => C::Moves,
        "perft" => C::Perft,
        "render" => C::Render,
        "view" => C::View,
        _ => return None,
    })
}

/// Report clap's refusal: a failure document under `--json`, else clap's own text. Returns
/// the exit code (0 for `--help` and `--version`, 2 for an error).
pub fn refuse(e: &clap::Error, args: &[OsString]) -> u8 {
    if !e.use_stderr() {
        let _ = e.print();
        return 0;
    }
    let r = read(args);
    if !r.json {
        let _ = e.print();
        return super::error::EXIT_USAGE;
    }
    let rendered = e.render().to_string();
    let message = rendered
        .lines()
        .next()
        .unwrap_or("invalid arguments")
        .trim_start_matches("error: ");
    let err = CliError::usage(message);
    json::print(&json::argument_failure(r.command, r.game, &err));
    err.exit
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<OsString> {
        s.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn the_command_the_game_and_json_are_found_anywhere() {
        let r = read(&words("--json solve --game=portal-howe --nodes -3"));
        assert_eq!(
            r,
            Refused {
                json: true,
                command: Some(CommandName::Solve),
                game: Some(GameName::PortalHowe),
            }
        );
        let r = read(&words("frob --game chess"));
        assert_eq!(
            (r.json, r.command, r.game),
            (false, None, Some(GameName::Chess))
        );
    }

    #[test]
    fn after_a_double_dash_everything_is_a_value() {
        assert_eq!(
            read(&words("parse -- --json")),
            Refused {
                command: Some(CommandName::Parse),
                ..Refused::default()
            }
        );
    }
}
