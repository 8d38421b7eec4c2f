//! `hensoku completions SHELL` and `hensoku man [COMMAND]`: what a shell and `man` need,
//! generated from the same clap definition as the parser, so they never drift from it.

use super::args::{Cli, CompletionsArgs, ManArgs};
use super::error::EXIT_OK;
use clap::CommandFactory;
use std::io::Write;

/// Print the completion script for a shell to standard output.
pub fn completions(a: &CompletionsArgs) -> u8 {
    let mut cmd = Cli::command();
    clap_complete::generate(a.shell, &mut cmd, "hensoku", &mut std::io::stdout());
    EXIT_OK
}

/// Print a man page in roff to standard output: hensoku(1), or hensoku-COMMAND(1).
pub fn man(a: &ManArgs) -> u8 {
    let mut root = Cli::command().disable_help_subcommand(true);
    root.build();
    let page = match &a.command {
        None => root,
        Some(name) => root
            .find_subcommand(name)
            .cloned()
            .expect("clap offers only the names of subcommands"),
    };
    // The examples get a section of their own, set without filling so that each stays on
    // its line (clap_mangen would run them together into one paragraph).
    let examples = page.get_after_help().map(|h| h.to_string());
    let mut roff = Vec::new();
    clap_mangen::Man::new(page.after_help(None::<&'static str>))
        .source(concat!("hensoku ", env!("CARGO_PKG_VERSION")))
        .render(&mut roff)
        .expect("writing to memory");
    if let Some(text) = examples {
        roff.extend(examples_section(&text).bytes());
    }
    // A write error is a closed pipe, which SIGPIPE already ends; nothing else to report.
    let _ = std::io::stdout().write_all(&roff);
    EXIT_OK
}

/// `Examples:` and its lines as a roff EXAMPLES section, each line kept as it is.
fn examples_section(text: &str) -> String {
    let mut out = String::from(".SH EXAMPLES\n.nf\n");
    for line in text.lines().skip_while(|l| l.starts_with("Examples")) {
        out.push_str("\\&");
        out.push_str(&line.trim_start().replace('\\', "\\e").replace('-', "\\-"));
        out.push('\n');
    }
    out.push_str(".fi\n");
    out
}

#[cfg(test)]
mod tests {
    use super::super::args::{COMMANDS, Cli};
    use clap::CommandFactory;

    #[test]
    fn man_offers_every_subcommand() {
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        assert_eq!(names, COMMANDS);
    }
}
