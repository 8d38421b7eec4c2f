//! The anchor of the PGN row of `docs/benchmarks.md`: pgn-reader with a visitor that
//! resolves and plays every SAN move of the main line (shakmaty), over the files given
//! (`.zst` read as it decompresses). Prints games, plies, seconds, MB/s.
//!
//! `bench/pgn_vs_pgn_reader.sh` runs it beside `hensoku validate -j 1` and `-j 2`.

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
use std::ops::ControlFlow;

/// Plays the main line; counts games, plies and games with an illegal move.
#[derive(Default)]
struct Replayer {
    games: u64,
    plies: u64,
    invalid: u64,
}

impl Visitor for Replayer {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Chess960).ok());
            match pos {
                Some(p) => *tags = Some(p),
                None => {
                    self.invalid += 1;
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn begin_variation(&mut self, _: &mut Chess) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, pos: &mut Chess, san: SanPlus) -> ControlFlow<()> {
        match san.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.invalid += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self, _: Chess) {}
}

fn main() -> std::io::Result<()> {
    let started = std::time::Instant::now();
    let mut replayer = Replayer::default();
    let mut bytes = 0u64;
    for path in std::env::args().skip(1) {
        bytes += std::fs::metadata(&path)?.len();
        let file = std::fs::File::open(&path)?;
        let input: Box<dyn std::io::Read> = if path.ends_with(".zst") {
            Box::new(zstd::Decoder::new(file)?)
        } else {
            Box::new(file)
        };
        let mut reader = Reader::new(input);
        while reader.read_game(&mut replayer)?.is_some() {}
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "pgn-reader: {} games, {} plies, {} invalid, {:.3} s, {:.0} games/s, {:.1} MB/s (file bytes)",
        replayer.games,
        replayer.plies,
        replayer.invalid,
        secs,
        replayer.games as f64 / secs,
        bytes as f64 / 1e6 / secs
    );
    Ok(())
}
