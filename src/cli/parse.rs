//! `hensoku parse`: canonical re-print, or the syntax as JSON.

use super::args::RecordsArgs;
use super::error::{CliError, EXIT_OK};
use super::game::adapter;
use super::{game_for, input, output};

pub fn run(a: &RecordsArgs) -> Result<u8, CliError> {
    let mut worst = EXIT_OK;
    for path in &a.files {
        let done = input::read(path).and_then(|inp| {
            let game = adapter(game_for(&a.common, Some(&inp.name), Some(&inp.bytes))?);
            let (canonical, syntax) = game.parse(&inp, a.from.as_deref())?;
            if a.common.json {
                let mut v = syntax;
                v["file"] = inp.name.clone().into();
                output::json(&v);
            } else {
                print!("{canonical}");
            }
            Ok(())
        });
        if let Err(e) = done {
            output::error(&e, a.common.json);
            worst = worst.max(e.exit);
        }
    }
    Ok(worst)
}
