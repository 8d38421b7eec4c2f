//! The puzzle collections: every problem re-proved sound at its stated length (one key,
//! no shorter mate), its key replayed as written, and for Portal Chess the proof that the
//! portals matter (the same board without portals has no mate in N).

use hensoku::Limits;
use hensoku::games::chess::notation::{fen, pgn};
use hensoku::games::chess::solve::{Prover, solve};
use hensoku::games::chess::validate::{replay, start_of};
use hensoku::games::portal::hidden::notation;
use hensoku::games::portal::hidden::position;
use hensoku::games::portal::puzzle::parse_line;

fn read(rel: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

#[test]
fn hidden_puzzles_are_sound_and_need_the_portals() {
    let text = read("puzzles/portal/hidden.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let p = parse_line(line).unwrap();
        let pos = position::parse(p.position).unwrap();
        let sol = solve(&pos, p.mate_in, &Limits::default(), false).solution;
        assert_eq!(
            sol.unique,
            Some(true),
            "{line}: {} keys, length {:?}",
            sol.keys.len(),
            sol.length
        );
        assert_eq!(sol.keys, p.keys, "{line}");
        // the written key replays to the position the solver proved lost for Black
        let key = notation::parse(p.keys[0])
            .unwrap()
            .resolve(&pos, p.keys[0])
            .unwrap();
        assert!(
            Prover::new(Limits::default())
                .mated(&pos.after(key), p.mate_in - 1)
                .unwrap()
        );
        // without portals the board is either not a legal position (a line the portals
        // block would give check) or has no mate in N
        if let Ok(orthodox) = fen::parse_position(p.position.rsplit_once(' ').unwrap().0) {
            assert!(
                !Prover::new(Limits::default())
                    .mates(&orthodox, p.mate_in)
                    .unwrap(),
                "{line}: portals do not matter"
            );
        }
        checked += 1;
    }
    assert!(checked >= 5);
}

#[test]
fn buckley_puzzles_are_sound_and_need_the_portals() {
    use hensoku::games::portal::buckley::{notation as bn, position as bp};
    let text = read("puzzles/portal/buckley.txt");
    let mut checked = 0;
    let mut black_hole = false;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let p = parse_line(line).unwrap();
        let pos = bp::parse(p.position).unwrap();
        let sol = solve(&pos, p.mate_in, &Limits::default(), false).solution;
        assert_eq!(
            sol.unique,
            Some(true),
            "{line}: {} keys, length {:?}",
            sol.keys.len(),
            sol.length
        );
        assert_eq!(sol.keys, p.keys, "{line}");
        let key = bn::parse(p.keys[0])
            .unwrap()
            .resolve(&pos, p.keys[0])
            .unwrap();
        assert!(
            Prover::new(Limits::default())
                .mated(&pos.after(key), p.mate_in - 1)
                .unwrap()
        );
        if let Ok(orthodox) = fen::parse_position(p.position.rsplit_once(' ').unwrap().0) {
            assert!(
                !Prover::new(Limits::default())
                    .mates(&orthodox, p.mate_in)
                    .unwrap(),
                "{line}: portals do not matter"
            );
        }
        // a black-hole mate: the key moves White's portal next to Black's, the threat
        // of the black hole is the check (§4.9), and nothing is teleported
        black_hole |=
            p.keys[0].starts_with('@') && !p.keys[0].contains('→') && p.keys[0].ends_with('#');
        checked += 1;
    }
    assert!(checked >= 5);
    assert!(black_hole, "one problem mates by the black-hole threat");
}

#[test]
fn chess_puzzles_are_sound() {
    let text = read("puzzles/chess/sunfish-sound.pgn");
    let games = pgn::read(&text).unwrap();
    assert_eq!(games.len(), 5);
    for g in games {
        let n: u32 = g
            .tag("Stipulation")
            .unwrap()
            .trim_start_matches('#')
            .parse()
            .unwrap();
        let start = start_of(&g).unwrap();
        let r = replay(&g);
        assert!(r.problems.is_empty());
        let sol = solve(&start, n, &Limits::default(), false).solution;
        assert_eq!(sol.unique, Some(true), "{:?}", g.tag("Event"));
        assert_eq!(sol.keys[0], g.moves[0].text);
    }
}
