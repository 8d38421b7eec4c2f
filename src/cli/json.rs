//! The envelope of every `--json` document, so that one script reads any command of any game.
//!
//! Every document is one JSON object on one line that starts with the same three keys:
//! `schema_version` (this module's [`SCHEMA_VERSION`]), `command` (the subcommand's name) and
//! `game` (the `--game` name; `null` in a failure before the game was known). A success
//! document then carries the command's own fields; a failure document carries
//! `error: {kind, message, …}` and `exit_code`. `docs/json.md` describes both.

use super::args::GameName;
use super::error::CliError;
use serde::Serialize;

/// The version of the documents' shape. It changes when a key is renamed or removed, or its
/// meaning changes; new keys do not change it.
pub const SCHEMA_VERSION: u32 = 2;

/// The subcommand a document answers, by its command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandName {
    Parse,
    Validate,
    Solve,
    Convert,
    Moves,
    Perft,
    Render,
    View,
}

/// The envelope's three keys, then the body's own (flattened, so they follow in one object).
#[derive(Serialize)]
struct Document<'a, B: Serialize + ?Sized> {
    schema_version: u32,
    /// `None` only in the failure of a command line whose subcommand could not be told.
    command: Option<CommandName>,
    game: Option<String>,
    #[serde(flatten)]
    body: &'a B,
}

/// What a failure document holds after its envelope.
#[derive(Serialize)]
struct Failure<'a> {
    error: &'a serde_json::Value,
    exit_code: u8,
}

/// The `--game` name of a game, as the command line spells it.
pub fn game_name(game: GameName) -> String {
    use clap::ValueEnum;
    game.to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// A success document: the envelope, then `body`'s fields (`body` must serialize to an
/// object; its keys must not repeat the envelope's).
pub fn document<B: Serialize + ?Sized>(command: CommandName, game: GameName, body: &B) -> String {
    to_line(&Document {
        schema_version: SCHEMA_VERSION,
        command: Some(command),
        game: Some(game_name(game)),
        body,
    })
}

/// A failure document: the envelope (`game` from the error, else `game`), then
/// `error: {kind, message, file?, problem?}` and `exit_code`.
pub fn failure(command: CommandName, game: Option<GameName>, e: &CliError) -> String {
    failure_with(command, game, e, &serde_json::json!({}))
}

/// [`failure`] with more keys of the command's own after `exit_code` (`validate` keeps its
/// per-file keys, so that a script reads every line of a batch the same way).
pub fn failure_with(
    command: CommandName,
    game: Option<GameName>,
    e: &CliError,
    extra: &serde_json::Value,
) -> String {
    failure_of(Some(command), game, e, extra)
}

/// The failure of a command line that clap refused (an unknown flag, a bad value): `command`
/// is `null` when not even the subcommand could be told.
pub fn argument_failure(
    command: Option<CommandName>,
    game: Option<GameName>,
    e: &CliError,
) -> String {
    failure_of(command, game, e, &serde_json::json!({}))
}

fn failure_of(
    command: Option<CommandName>,
    game: Option<GameName>,
    e: &CliError,
    extra: &serde_json::Value,
) -> String {
    let error = e.json();
    let mut body = serde_json::to_value(Failure {
        error: &error,
        exit_code: e.exit,
    })
    .unwrap_or_default();
    if let (Some(obj), Some(more)) = (body.as_object_mut(), extra.as_object()) {
        for (k, v) in more {
            obj.entry(k.clone()).or_insert_with(|| v.clone());
        }
    }
    to_line(&Document {
        schema_version: SCHEMA_VERSION,
        command,
        game: e.game.or(game).map(game_name),
        body: &body,
    })
}

/// Print a document on its own line (several make JSON Lines).
pub fn print(line: &str) {
    println!("{line}");
}

fn to_line<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| {
        format!(
            "{{\"schema_version\":{SCHEMA_VERSION},\"error\":{{\"kind\":\"internal\",\"message\":{}}},\"exit_code\":2}}",
            serde_json::Value::from(e.to_string())
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_starts_with_the_envelope() {
        let line = document(
            CommandName::Perft,
            GameName::ShogiCards,
            &serde_json::json!({ "depth": 1, "nodes": 30 }),
        );
        assert_eq!(
            line,
            r#"{"schema_version":2,"command":"perft","game":"shogi-cards","depth":1,"nodes":30}"#
        );
    }

    #[test]
    fn a_failure_names_its_kind_and_exit_code() {
        let e = CliError::usage("give a puzzle file or --position");
        let line = failure(CommandName::Solve, None, &e);
        assert_eq!(
            line,
            r#"{"schema_version":2,"command":"solve","game":null,"error":{"kind":"usage","message":"give a puzzle file or --position"},"exit_code":2}"#
        );
        let e = e.in_game(GameName::Quantum);
        let v: serde_json::Value =
            serde_json::from_str(&failure(CommandName::Solve, None, &e)).unwrap();
        assert_eq!(v["game"], "quantum");
    }

    #[test]
    fn every_game_name_is_the_command_lines() {
        use clap::ValueEnum;
        for g in GameName::value_variants() {
            let name = game_name(*g);
            assert_eq!(GameName::from_str(&name, false), Ok(*g));
        }
    }
}
