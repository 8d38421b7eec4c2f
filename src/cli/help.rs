//! The examples each `--help` ends with, which `hensoku man` sets as the page's EXAMPLES.
//! `tests/cli/manual.rs` runs every one that needs no file of the user's.

pub const HENSOKU: &str = "\
Examples:
  hensoku solve puzzles/shogi/tsumemi-3te-09.puzzle
  hensoku perft --game shelt --depth 3
  hensoku help solve                     the options and examples of a command";

pub const PARSE: &str = "\
Examples:
  hensoku parse game.kif                 print the record back in canonical KIF
  hensoku parse --json game.pgn          its moves with their spans, and its headers";

pub const VALIDATE: &str = "\
Examples:
  hensoku validate games/*.csa           replay every record of every file
  cat game.usi | hensoku validate --game shogi -
  hensoku validate -j 4 --invalid-only games/   every record file below games/, on 4 cores
  hensoku validate --summary game.pgn.zst       .gz .zst .bz2 .xz, .zip and .tar too
  7z x -so games.7z | hensoku validate --game chess -";

pub const SOLVE: &str = "\
Examples:
  hensoku solve puzzles/shogi/tsumemi-3te-09.puzzle
  hensoku solve --game chess --position \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\" --mate-in 1";

pub const CONVERT: &str = "\
Examples:
  hensoku convert game.kif --to csa -o game.csa
  hensoku convert --game shogi-cards game.usi --to kif --strict";

pub const MOVES: &str = "\
Examples:
  hensoku moves --notation kif           every legal move of the shogi start position
  hensoku moves --game chess --position \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"";

pub const PERFT: &str = "\
Examples:
  hensoku perft --game shogi --depth 5
  hensoku perft --game chess --depth 3 --divide";

pub const RENDER: &str = "\
Examples:
  hensoku render game.kif                the position at the end of the record
  hensoku render --game quantum --svg start.svg";

pub const VIEW: &str = "\
Examples:
  hensoku view game.kif                  write game.kif.html: the record, move by move
  hensoku view game.5dpgn -o game.html   the multiverse after each action
  hensoku view --game chess --position \"8/8/8/8/8/8/8/K1k5 w - - 0 1\" -o pos.html";

pub const COMPLETIONS: &str = "\
Examples:
  hensoku completions bash > ~/.local/share/bash-completion/completions/hensoku
  hensoku completions zsh > ~/.zfunc/_hensoku";

pub const MAN: &str = "\
Examples:
  hensoku man > hensoku.1 && man ./hensoku.1
  hensoku man solve > hensoku-solve.1";
