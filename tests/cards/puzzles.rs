//! Every card tsume in `puzzles/shogi-cards/`: the answer replays legally with a check on
//! every attacker ply (card plies included) and ends in mate with card replies counted;
//! the solver finds the stated length and a unique answer equal to the stated one; and
//! the set covers every card an attacker can use, with some puzzles whose answer the
//! defender's cards change.

use std::collections::BTreeSet;

use hensoku::puzzle::{self, Stipulation};
use hensoku::shogi::Color;
use hensoku::shogi_cards::is_mated;
use hensoku::shogi_cards::notation::parse_record;
use hensoku::shogi_cards::notation::parse_sfen_c;
use hensoku::shogi_cards::solve_with as solve;
use hensoku::shogi_cards::validate as replay;
use hensoku::{Answer, Limits, Outcome};

fn puzzles() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles/shogi-cards");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("puzzles/shogi-cards exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "puzzle"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).expect("readable"),
            )
        })
        .collect()
}

fn solve_in(pos: &hensoku::shogi_cards::Position, n: u32) -> Answer {
    let limits = Limits {
        nodes: Some(2_000_000),
        ..Limits::default()
    };
    solve(pos, Some(n), &limits)
}

#[test]
fn puzzles_replay_solve_uniquely_and_cover_the_cards() {
    let all = puzzles();
    assert!(all.len() >= 12, "{} puzzles", all.len());
    let mut key_cards = BTreeSet::new();
    let mut defender_cards_matter = 0;
    for (name, text) in all {
        let (p, problems) = puzzle::parse(&text);
        assert!(problems.is_empty(), "{name}: {problems:?}");
        assert_eq!(p.tag("Game"), Some("shogi-cards"), "{name}");
        let Some(Stipulation::MateIn(n)) = p.stipulation() else {
            panic!("{name}: no stipulation")
        };
        let position = p.tag("Position").expect("position");
        let (start, stated) = parse_sfen_c(position).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert!(stated, "{name}: a card tsume states its cards field (§4.1)");
        let moves = p.move_texts();
        assert_eq!(moves.len() as u32, n, "{name}");
        let rec = parse_record(&format!("sfen {position} moves {}", moves.join(" ")))
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let r = replay(&rec);
        assert!(r.problems.is_empty(), "{name}: {:?}", r.problems);
        // every attacker ply checks
        let mut pos = start.clone();
        for (i, &(mv, _)) in rec.plies.iter().enumerate() {
            pos = pos.after(mv);
            if i % 2 == 0 {
                assert!(
                    pos.in_check(),
                    "{name}: attacker ply {} does not check",
                    i + 1
                );
            }
        }
        assert!(is_mated(&pos), "{name}: the answer does not end in mate");
        assert_eq!(r.result.1, "checkmate", "{name}");
        let a = solve_in(&start, n);
        let s = &a.solution;
        assert_eq!(a.result, Outcome::Solved, "{name}");
        assert_eq!(s.length.value, Some(n), "{name}");
        assert_eq!(s.unique, Some(true), "{name}: cooks {:?}", s.cooks);
        assert_eq!(s.moves, moves, "{name}");
        if let Some(c) = rec.plies[0].0.card {
            key_cards.insert(c.letter());
        }
        // The defender's cards matter when removing them changes the answer.
        if !start.cards(Color::White).is_empty() {
            let bare = start
                .clone()
                .with_cards(start.cards(Color::Black), Default::default());
            let b = solve_in(&bare, n);
            let t = &b.solution;
            if b.result != Outcome::Solved
                || t.length != s.length
                || t.moves != s.moves
                || t.unique != Some(true)
            {
                defender_cards_matter += 1;
            }
        }
    }
    let expected: BTreeSet<char> = "QTRPIABDWC".chars().collect();
    let missing: Vec<&char> = expected.difference(&key_cards).collect();
    eprintln!(
        "key cards {key_cards:?}, missing {missing:?}, defender cards matter in {defender_cards_matter}"
    );
    // Every card an attacker can use (all but S and G, which forbid check) is some key.
    assert!(missing.is_empty(), "no key uses {missing:?}");
    assert!(defender_cards_matter >= 2, "{defender_cards_matter}");
}
