//! The puzzle collections: every problem re-proved sound at its stated length (one key,
//! no shorter mate), its key replayed as written, and for Portal Chess the proof that the
//! portals matter (the same board without portals has no mate in N).

use hensoku::Limits;
use hensoku::chess;
use hensoku::portal::hidden;
use hensoku::portal::puzzle::parse_line;

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
        let pos: hidden::Position = p.position.parse().unwrap();
        let sol = hidden::solve(&pos, p.mate_in, &Limits::default()).solution;
        assert_eq!(
            sol.unique,
            Some(true),
            "{line}: {} keys, length {:?}",
            sol.keys.len(),
            sol.length
        );
        assert_eq!(sol.keys, p.keys, "{line}");
        // the written key replays to the position the solver proved lost for Black
        let key = hidden::parse_move(&pos, p.keys[0]).unwrap();
        assert!(hidden::mated_in(&pos.after(key), p.mate_in - 1, &Limits::default()).unwrap());
        // without portals the board is either not a legal position (a line the portals
        // block would give check) or has no mate in N
        if let Ok(orthodox) = p
            .position
            .rsplit_once(' ')
            .unwrap()
            .0
            .parse::<chess::Position>()
        {
            assert!(
                !chess::mates_in(&orthodox, p.mate_in, &Limits::default()).unwrap(),
                "{line}: portals do not matter"
            );
        }
        checked += 1;
    }
    assert!(checked >= 5);
}

#[test]
fn buckley_puzzles_are_sound_and_need_the_portals() {
    use hensoku::portal::buckley;
    let text = read("puzzles/portal/buckley.txt");
    let mut checked = 0;
    let mut black_hole = false;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let p = parse_line(line).unwrap();
        let pos: buckley::Position = p.position.parse().unwrap();
        let sol = buckley::solve(&pos, p.mate_in, &Limits::default()).solution;
        assert_eq!(
            sol.unique,
            Some(true),
            "{line}: {} keys, length {:?}",
            sol.keys.len(),
            sol.length
        );
        assert_eq!(sol.keys, p.keys, "{line}");
        let key = buckley::parse_move(&pos, p.keys[0]).unwrap();
        assert!(buckley::mated_in(&pos.after(key), p.mate_in - 1, &Limits::default()).unwrap());
        if let Ok(orthodox) = p
            .position
            .rsplit_once(' ')
            .unwrap()
            .0
            .parse::<chess::Position>()
        {
            assert!(
                !chess::mates_in(&orthodox, p.mate_in, &Limits::default()).unwrap(),
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
    let games = chess::read(&text).unwrap();
    assert_eq!(games.len(), 5);
    for g in games {
        let n: u32 = g
            .tag("Stipulation")
            .unwrap()
            .trim_start_matches('#')
            .parse()
            .unwrap();
        let start = chess::record_start(&g).unwrap();
        let r = chess::validate(&g);
        assert!(r.problems.is_empty());
        let sol = chess::solve(&start, n, &Limits::default()).solution;
        assert_eq!(sol.unique, Some(true), "{:?}", g.tag("Event"));
        assert_eq!(sol.keys[0], g.moves[0].text);
    }
}
