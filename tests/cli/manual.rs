//! What a command-line user expects around the commands themselves: shell completions, man
//! pages, examples in every `--help`, and the record of `render` given as FILE.

use crate::common::bin::{err, out, run};

const COMMANDS: [&str; 10] = [
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

#[test]
fn completions_for_every_shell_name_every_command() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let o = run(&["completions", shell], None);
        assert_eq!(o.status.code(), Some(0), "{shell}: {}", err(&o));
        let script = out(&o);
        for c in COMMANDS {
            assert!(script.contains(c), "{shell} completion lacks {c}");
        }
        assert!(
            script.contains("mate-in"),
            "{shell} completion lacks solve's options"
        );
    }
    let o = run(&["completions", "tcsh"], None);
    assert_eq!(o.status.code(), Some(2));
}

/// The bash script is valid bash (when bash is there to say so).
#[test]
fn bash_completion_parses() {
    let script = std::env::temp_dir().join(format!("hensoku-{}.bash", std::process::id()));
    std::fs::write(&script, out(&run(&["completions", "bash"], None))).unwrap();
    let checked = std::process::Command::new("bash")
        .arg("-n")
        .arg(&script)
        .status();
    let _ = std::fs::remove_file(&script);
    if let Ok(status) = checked {
        assert!(status.success(), "bash -n refuses the completion script");
    }
}

#[test]
fn man_pages_for_hensoku_and_each_command() {
    let o = run(&["man"], None);
    assert_eq!(o.status.code(), Some(0));
    let page = out(&o);
    assert!(page.contains(".TH hensoku 1"), "{page}");
    for c in COMMANDS {
        assert!(
            page.contains(&format!("hensoku\\-{c}(1)")),
            "hensoku(1) lacks {c}"
        );
        let sub = out(&run(&["man", c], None));
        assert!(sub.contains(&format!(".TH hensoku-{c} 1")), "{c}: {sub}");
        assert!(sub.contains(".SH EXAMPLES\n.nf\n"), "{c} has no examples");
        assert!(sub.contains(&format!("\\&hensoku {c}")), "{c}'s examples");
    }
    let solve = out(&run(&["man", "solve"], None));
    assert!(solve.contains("\\-\\-mate\\-in"));
    assert_eq!(run(&["man", "nothing"], None).status.code(), Some(2));
}

/// Every `--help` ends with examples; those that need no file of the user's (no `game.…`,
/// no pipe or redirection) and write none run and succeed as written.
#[test]
fn every_help_shows_examples_that_work() {
    let mut ran = 0;
    for c in COMMANDS {
        let help = out(&run(&[c, "--help"], None));
        let examples: Vec<&str> = help
            .lines()
            .skip_while(|l| *l != "Examples:")
            .skip(1)
            .map(str::trim)
            .collect();
        assert!(!examples.is_empty(), "{c} --help has no examples:\n{help}");
        for line in examples {
            assert!(line.contains(&format!("hensoku {c}")), "{line}");
            let writes = line.contains("--svg") || line.contains(" -o ");
            if writes
                || line.contains(['>', '|'])
                || line.contains("game.")
                || line.contains("games/")
            {
                continue;
            }
            let words = split(line.split("   ").next().unwrap());
            let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            let o = run(&args, None);
            assert_eq!(o.status.code(), Some(0), "{line}: {}", err(&o));
            ran += 1;
        }
    }
    assert!(ran >= 5, "only {ran} examples ran");
}

/// Words of a command line: spaces split, double quotes group.
fn split(line: &str) -> Vec<String> {
    let mut words = vec![];
    let mut word = String::new();
    let mut quoted = false;
    for ch in line.chars() {
        match ch {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(ch),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// `render FILE` is the record's last position, as `render --file FILE` (kept as an alias)
/// and `parse`/`validate`/`convert`/`solve` take it.
#[test]
fn render_takes_the_record_as_file() {
    let f = "tests/fixtures/shogi/nifu.usi";
    let good = "tests/fixtures/shogi/good.usi";
    let positional = run(&["render", good], None);
    assert_eq!(positional.status.code(), Some(0), "{}", err(&positional));
    let option = run(&["render", "--file", good], None);
    assert_eq!(out(&positional), out(&option));
    assert_ne!(out(&positional), out(&run(&["render"], None)));
    let both = run(&["render", good, "--file", f], None);
    assert_eq!(both.status.code(), Some(2));
    let with_position = run(
        &["render", good, "--position", "9/9/9/9/9/9/9/9/9 b - 1"],
        None,
    );
    assert_eq!(with_position.status.code(), Some(2));
}
