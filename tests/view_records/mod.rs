//! One record per game for the `view` tests (`tests/cli/view.rs` and the browser test): its
//! plies, and the record's text cut after any number of them, so that a test can ask the
//! CLI for the position at ply N (`render FILE --json`) and compare it with the page's.
#![allow(dead_code)]

/// A game's record as a list of plies and a way to write the first N of them.
pub struct Sample {
    /// The `--game` name.
    pub game: &'static str,
    /// The file name's extension.
    pub ext: &'static str,
    pub plies: &'static [&'static str],
    write: fn(&[&str]) -> String,
}

impl Sample {
    /// The record with its first `n` plies.
    pub fn text(&self, n: usize) -> String {
        (self.write)(&self.plies[..n])
    }

    /// Write the record with `n` plies into `dir`; its path.
    pub fn file(&self, dir: &std::path::Path, n: usize) -> std::path::PathBuf {
        let path = dir.join(format!("{}-{n}.{}", self.game, self.ext));
        std::fs::write(&path, self.text(n)).unwrap();
        path
    }
}

/// `1. a b 2. c d …` after `head`.
fn numbered(head: &str, plies: &[&str]) -> String {
    let mut s = String::from(head);
    for (i, p) in plies.iter().enumerate() {
        if i % 2 == 0 {
            s.push_str(&format!("{}. ", i / 2 + 1));
        }
        s.push_str(p);
        s.push(' ');
    }
    s.push_str("*\n");
    s
}

fn usi(plies: &[&str]) -> String {
    if plies.is_empty() {
        return "position startpos\n".into();
    }
    format!("position startpos moves {}\n", plies.join(" "))
}

fn shelt(plies: &[&str]) -> String {
    let mut s = String::from("[Event \"view test\"]\n");
    for p in plies {
        s.push_str(p);
        s.push('\n');
    }
    s
}

fn chess(plies: &[&str]) -> String {
    numbered("[Event \"view test\"]\n\n", plies)
}

fn hidden(plies: &[&str]) -> String {
    numbered("[Variant \"portal-hidden\"]\n\n", plies)
}

fn buckley(plies: &[&str]) -> String {
    numbered(
        "[Variant \"portal-buckley\"]\n[FEN \"7k/4p3/8/8/8/8/8/R3K3 w - - 0 1 e4:a5\"]\n\n",
        plies,
    )
}

/// Howe's `n:` numbering.
fn howe(plies: &[&str]) -> String {
    let mut s = String::from("[Variant \"portal-howe\"]\n\n");
    for (i, p) in plies.iter().enumerate() {
        if i % 2 == 0 {
            s.push_str(&format!("{}:", i / 2 + 1));
        }
        s.push_str(p);
        s.push(' ');
    }
    s.push_str("*\n");
    s
}

fn fived(plies: &[&str]) -> String {
    let mut s = String::from("[Mode \"5D\"]\n[Board \"Standard - Reversed Royalty\"]\n");
    for (i, p) in plies.iter().enumerate() {
        if i % 2 == 0 {
            s.push_str(&format!("{}. {p}", i / 2 + 1));
        } else {
            s.push_str(&format!(" / {p}\n"));
        }
    }
    s.push('\n');
    s
}

fn quantum(plies: &[&str]) -> String {
    numbered("[Game \"Quantum Chamber\"]\n\n", plies)
}

/// One record of every game.
pub fn all() -> Vec<Sample> {
    vec![
        Sample {
            game: "shogi",
            ext: "usi",
            plies: &["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d"],
            write: usi,
        },
        Sample {
            game: "shogi-cards",
            ext: "usi",
            plies: &[
                "7g7f",
                "3c3d",
                "R:8h2b+",
                "3a2b",
                "W:2i",
                "B:1a1e",
                "T:2h2g,2g2h",
            ],
            write: usi,
        },
        Sample {
            game: "shelt",
            ext: "shelt",
            plies: &[
                "tes,vi,pal",
                "fox,le,umt",
                "tes,va,pal",
                "fox,va,umt",
                "tes,le,pal",
                "vin,le,ax",
                "tes,ki,pal,din",
                "kak,rav,pal",
            ],
            write: shelt,
        },
        Sample {
            game: "chess",
            ext: "pgn",
            plies: &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"],
            write: chess,
        },
        Sample {
            game: "portal-hidden",
            ext: "pgn",
            plies: &["f3", "a6", "fxg4→c4", "e6", "Nc3", "Qf6", "Nd5", "Qxf5→g5"],
            write: hidden,
        },
        Sample {
            game: "portal-buckley",
            ext: "pgn",
            plies: &["Ra5→xe7", "Kg8", "@e4-e5"],
            write: buckley,
        },
        Sample {
            game: "portal-howe",
            ext: "pgn",
            plies: &["Aa4", "Bh5", "Bh4", "Ah6", "Aa4→?", "Bb6", "Aa4→Ba4"],
            write: howe,
        },
        Sample {
            game: "fived",
            ext: "5dpgn",
            plies: &[
                "(0T1)Nb1c3",
                "(0T1)Nb8c6",
                "(0T2)d2d3",
                "(0T2)d7d6",
                "(0T3)Ng1f3",
                "(0T3)f7f5",
                "(0T4)Bc1f4",
                "(0T4)Bc8d7",
                "(0T5)Ce1d2",
                "(0T5)a7a6",
                "(0T6)a2a3",
                "(0T6)Ra8a7",
                "(0T7)Ra1b1",
                "(0T7)Yd8a8",
                "(0T8)Yd1>>(0T7)e1",
                "(1T7)Yd8a8",
                "(1T8)h2h4",
                "(1T8)e7e5 (0T8)e7e5",
            ],
            write: fived,
        },
        Sample {
            game: "quantum",
            ext: "qgn",
            plies: &["a1~c3", "Xd4-e5", "a3~c5^e7", "f7xd7"],
            write: quantum,
        },
    ]
}
