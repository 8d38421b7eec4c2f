//! `hensoku render`: a terminal diagram, and an SVG picture on request.

use super::args::RenderArgs;
use super::error::{CliError, EXIT_OK};
use super::game::adapter;
use super::json::CommandName;
use super::{game_for, game_or_default, input, output, output_file};

pub fn run(a: &RenderArgs) -> Result<u8, CliError> {
    let inp = a.record().map(input::read).transpose()?;
    let name = match &inp {
        Some(i) => game_for(&a.common, Some(&i.name), Some(&i.bytes))?,
        None => game_or_default(&a.common),
    };
    let super::game::Rendered {
        diagram,
        svg,
        position,
    } = adapter(name)
        .render(a.position.as_deref(), inp.as_ref(), a.ascii)
        .map_err(|e| e.in_game(name))?;
    if let Some(path) = &a.svg {
        output_file::write(path, &svg).map_err(|e| e.in_game(name))?;
    }
    if a.common.json {
        let body = serde_json::json!({ "position": position, "diagram": diagram });
        output::json(CommandName::Render, name, &body);
    } else {
        print!("{diagram}");
    }
    Ok(EXIT_OK)
}
