//! cwmtt's Correctness.txt: the number of legal actions (capped at 1000) at every nodal state
//! of every cwmtt test game.

use hensoku::fived::pgn;
use hensoku::fived::validate as replay;
use hensoku::fived::{Budget, count_actions};

/// (file, counts) from Correctness.txt.
/// `None` (the skip said) when the public test data is absent.
fn expected() -> Option<Vec<(String, Vec<usize>)>> {
    let text = crate::common::read_public("5d/penteract__cwmtt/tests/results/Correctness.txt")?;
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for w in lines.windows(2) {
        if let Some(name) = w[0].strip_prefix("tests/") {
            let counts = w[1]
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect();
            out.push((name.to_string(), counts));
        }
    }
    Some(out)
}

/// The files naming a board the spec does not define, with no 5DFEN of their own (§11): they
/// are refused with an unknown-board error, so their counts cannot be checked.
const UNKNOWN_BOARD: [&str; 4] = [
    "5dpgn/ctp1.5dpgn",
    "5dpgn/ctp2.5dpgn",
    "5dpgn/JustKings.5dpgn",
    "5dpgn/smallTest.5dpgn",
];

/// The text of a cwmtt test file as replayed here. `test1` names `Standard - Half Reflected`,
/// which the spec takes from 5dchess-variants (white's king and queen swapped); the game itself
/// was played with black's swapped (`(1T6)Kd8`, `Qe8`), so it is given that set-up as 5DFEN.
fn text_of(name: &str) -> Option<String> {
    let text = crate::common::read_public(format!("5d/penteract__cwmtt/tests/{name}"))?;
    if name.ends_with("test1.5dpgn") {
        let fen = "[Board \"custom\"]\n[Size \"8x8\"]\n[r*nbk*qbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]";
        return Some(text.replace("[Board \"Standard - Half Reflected\"]", fen));
    }
    Some(text)
}

/// The counts at every nodal state of a file (`None` if it does not replay).
fn counts_of(name: &str) -> Option<Vec<usize>> {
    let text = text_of(name).expect("beside Correctness.txt");
    let rec = pgn::parse(&text).ok()?;
    let r = replay(&rec, &text);
    if !r.problems.is_empty() {
        return None;
    }
    let mut out = Vec::new();
    for s in r.nodal_states() {
        let t = std::time::Instant::now();
        let n = count_actions(&s, 1000, Budget::default()).expect("decided within the budget");
        if t.elapsed().as_millis() > 500 {
            eprintln!(
                "  slow state {} ({} timelines): {:?} -> {n}",
                out.len(),
                s.timelines.len(),
                t.elapsed()
            );
        }
        out.push(n);
    }
    Some(out)
}

/// Every file of Correctness.txt that replays, every nodal state, exact counts (about 5 s in
/// a release build; niceAndrey, with up to 37 timelines, takes most of it).
#[test]
fn every_replayable_file_matches_cwmtt() {
    let mut checked = 0;
    let Some(expected) = expected() else {
        return;
    };
    for (name, want) in expected {
        if UNKNOWN_BOARD.contains(&name.as_str()) {
            assert!(counts_of(&name).is_none(), "{name} should be refused");
            continue;
        }
        let got = counts_of(&name).unwrap_or_else(|| panic!("{name} replays"));
        assert_eq!(got, want, "{name}");
        checked += 1;
    }
    assert_eq!(checked, 13, "files compared");
}

/// Any-order search: every sequence of moves (each from a board playable at that moment),
/// pruned only when a royal piece is already capturable. Slow, but free of the ordering
/// argument of the library's search; used to cross-check it.
fn brute(
    mv: &mut hensoku::fived::Position,
    p: hensoku::fived::Colour,
    stack: &mut Vec<hensoku::fived::Move>,
    found: &mut usize,
    limit: usize,
) {
    if *found >= limit {
        return;
    }
    if !stack.is_empty() && mv.can_submit(p) {
        *found += 1;
    }
    for m in mv.single_moves(p) {
        let Some(a) = mv.apply(&m) else { continue };
        if !mv.royal_capturable(p.other()) {
            stack.push(m);
            brute(mv, p, stack, found, limit);
            stack.pop();
        }
        mv.undo(&a);
    }
}

/// The any-order search agrees with the library on NP's final state (8 actions).
#[test]
fn np_final_state_cross_check() {
    let text = public_text!("5d/penteract__cwmtt/tests/5dpgn/NP.5dpgn");
    let rec = pgn::parse(&text).unwrap();
    let r = replay(&rec, &text);
    let mut last = r.nodal_states().pop().unwrap();
    let lib = count_actions(&last, 1000, Budget::default());
    assert_eq!(lib, Some(8), "cwmtt counts 8 actions at NP's final state");
    let p = last.to_move();
    let mut found = 0;
    brute(&mut last, p, &mut vec![], &mut found, 20);
    println!(
        "playable {:?} present {} low {} high {}",
        last.playable(p),
        last.present(),
        last.low,
        last.high()
    );
    println!("any-order sequences that can be submitted: {found}");
    assert_eq!(found, 8);
}
