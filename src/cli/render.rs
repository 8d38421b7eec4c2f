//! `hensoku render`: a terminal diagram, and an SVG picture on request.

use super::args::RenderArgs;
use super::error::{CliError, EXIT_OK};
use super::game::adapter;
use super::{game_for, game_or_default, input, output};

pub fn run(a: &RenderArgs) -> Result<u8, CliError> {
    let inp = a.file.as_deref().map(input::read).transpose()?;
    let name = match &inp {
        Some(i) => game_for(&a.common, Some(&i.name), Some(&i.bytes))?,
        None => game_or_default(&a.common),
    };
    let game = adapter(name);
    let (diagram, svg, position) = game.render(a.position.as_deref(), inp.as_ref(), a.ascii)?;
    if let Some(path) = &a.svg {
        input::write_atomic(path, &svg)?;
    }
    if a.common.json {
        output::json(&serde_json::json!({ "position": position, "diagram": diagram }));
    } else {
        print!("{diagram}");
    }
    Ok(EXIT_OK)
}
