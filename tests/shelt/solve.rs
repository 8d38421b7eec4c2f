//! The solver on the spec's puzzles (§15.3) and on every puzzle in `puzzles/shelt/`:
//! each is solved (least N, unique key) and its written solution replayed.

use hensoku::shelt::exact::Solver;
use hensoku::shelt::validate as replay;
use hensoku::shelt::{self, MateIn, Ply, Position, Previous, readout, spn};

/// The one record of a Shelt text.
fn record_of(text: &str) -> Result<hensoku::shelt::Record, hensoku::Problem> {
    Ok(shelt::read(text)?.remove(0))
}

/// Each defence (readout) with the attacker's winning replies (readouts).
type Defences = Vec<(String, Vec<String>)>;

/// The least N, the keys (readouts), and the defences to the first key.
fn solve_text(spn_text: &str, n: u32) -> (Option<u32>, Vec<String>, Defences) {
    let pos = spn::parse_position(spn_text).unwrap();
    let mut s = Solver::new(pos.side_to_move(), false);
    let sol = s.solve(&pos, n);
    let keys = sol
        .keys
        .iter()
        .map(|&k| readout::write(&pos, Previous::None, k, false))
        .collect();
    let Some(&key) = sol.keys.first() else {
        return (sol.n, keys, vec![]);
    };
    let after = pos.after(key);
    let text = |p: &Position, prev: Previous, ply: Ply| {
        readout::write(p, prev, ply, shelt::play(p, ply).end().is_some())
    };
    let defs = sol
        .defences
        .iter()
        .map(|d| {
            let after_d = after.after(d.reply);
            let prev = d.reply.reference().map_or(Previous::Yol, Previous::Square);
            let key_prev = key.reference().map_or(Previous::Yol, Previous::Square);
            (
                text(&after, key_prev, d.reply),
                d.wins.iter().map(|&w| text(&after_d, prev, w)).collect(),
            )
        })
        .collect();
    (sol.n, keys, defs)
}

fn wins_after(defs: &[(String, Vec<String>)], defence: &str) -> Vec<String> {
    defs.iter()
        .find(|d| d.0 == defence)
        .unwrap_or_else(|| panic!("no defence {defence}"))
        .1
        .clone()
}

#[test]
fn puzzle_a_matches_the_spec_table() {
    let (n, keys, defs) = solve_text(
        "1,eke,5/1,teems,2,kmir,2/dia,6/7/7/3,ser,3/7 arxe -/- rav/- 0/0",
        2,
    );
    assert_eq!((n, keys), (Some(2), vec!["yol,rav".to_string()]));
    assert_eq!(defs.len(), 14);
    for moon in ["vin,ki,kmir", "sol,ki,kmir"] {
        assert_eq!(
            wins_after(&defs, moon),
            ["kak,teems,kmir vist", "ket,no,teems,eke vist"]
        );
    }
    for moon in [
        "nim,no,kmir",
        "nim,le,kmir",
        "vin,no,kmir",
        "vin,le,kmir",
        "sol,no,kmir",
        "sol,le,kmir",
    ] {
        assert_eq!(wins_after(&defs, moon), ["ket,no,teems,eke vist"]);
    }
    assert_eq!(wins_after(&defs, "xal,ki,eke"), ["kak,teems,eke vist"]);
    for flight in ["sol,le,eke", "nim,va,eke", "vin,vi,eke", "fox,ta,eke"] {
        assert_eq!(wins_after(&defs, flight), ["nim,ki,teems,kmir vist"]);
    }
    assert_eq!(
        wins_after(&defs, "tes,ki,eke"),
        ["nim,ki,teems,kmir vist", "kak,teems,eke vist"]
    );
}

#[test]
fn puzzle_b_matches_the_spec_table() {
    let (n, keys, defs) = solve_text(
        "3,ful,milf,1,eke/7/6,kmir/7/7/7/teems,1,ral,1,ser,2 arxe -/- -/- 0/0",
        2,
    );
    assert_eq!(
        (n, keys),
        (Some(2), vec!["vin,ki,milf ann nim,ki,ful".to_string()])
    );
    assert_eq!(defs.len(), 6);
    for moon in ["vin,le,kmir", "fox,ki,kmir", "fox,va,kmir", "vin,va,kmir"] {
        assert_eq!(wins_after(&defs, moon), ["fox,no,milf,eke vist"]);
    }
    assert_eq!(wins_after(&defs, "kak,kmir,milf"), ["kak,ful,kmir vist"]);
    assert_eq!(wins_after(&defs, "kak,eke,milf"), ["kak,ful,eke vist"]);
}

#[test]
fn puzzle_b_plain_milf_move_is_refuted() {
    let pos =
        spn::parse_position("3,ful,milf,1,eke/7/6,kmir/7/7/7/teems,1,ral,1,ser,2 arxe -/- -/- 0/0")
            .unwrap();
    let plain = shelt::legal_moves(&pos)
        .into_iter()
        .find(|&p| readout::write(&pos, Previous::None, p, false) == "vin,ki,milf")
        .unwrap();
    let mut s = Solver::new(pos.side_to_move(), false);
    assert!(shelt::in_check(
        &pos.after(plain),
        hensoku::shelt::Side::Sorn
    ));
    assert!(!s.ply_wins(&pos, plain, 2));
}

#[test]
fn every_puzzle_file_is_sound_and_its_solution_replays() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/shelt");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 10);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let rec = record_of(&text).unwrap_or_else(|p| panic!("{}: {p:?}", f.display()));
        let r = replay(&rec);
        assert!(
            r.valid() && r.warnings.is_empty(),
            "{}: {:?} {:?}",
            f.display(),
            r.problems,
            r.warnings
        );
        assert_eq!(
            r.result.winner,
            Some(r.start.side_to_move()),
            "{}",
            f.display()
        );
        let stip = MateIn::parse(rec.header("Stipulation").unwrap()).unwrap();
        let (n, keys, defs) = solve_text(rec.header("Position").unwrap(), stip.n);
        assert_eq!(
            n,
            Some(stip.n),
            "{}: the stated N is the least",
            f.display()
        );
        assert_eq!(keys.len(), 1, "{}: unique key, got {keys:?}", f.display());
        let written: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
            .collect();
        assert_eq!(written[0], keys[0], "{}", f.display());
        assert!(
            wins_after(&defs, written[1])
                .iter()
                .any(|w| w == written[2]),
            "{}",
            f.display()
        );
    }
}

/// The generic df-pn solver (used by the CLI) and the exhaustive search above agree on
/// every puzzle: the same least N, the same single key, and a main line that replays.
#[test]
fn the_generic_solver_agrees_with_the_exhaustive_search() {
    use hensoku::Outcome;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/shelt");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in files {
        let rec = record_of(&std::fs::read_to_string(&f).unwrap()).unwrap();
        let spn_text = rec.header("Position").unwrap();
        let stip = MateIn::parse(rec.header("Stipulation").unwrap()).unwrap();
        let pos = spn::parse_position(spn_text).unwrap();
        let a = shelt::solve_mate_in(&pos, stip, &Default::default());
        let (n, keys, _) = solve_text(spn_text, stip.n);
        let r = &a.solution;
        assert_eq!(
            (a.result, r.length.value),
            (Outcome::Solved, n),
            "{}",
            f.display()
        );
        assert_eq!(r.unique, Some(true), "{}: {:?}", f.display(), r.cooks);
        assert_eq!(r.moves[0], keys[0], "{}", f.display());
        let line = format!("[Start \"{spn_text}\"]\n{}\n", r.moves.join("\n"));
        let replayed = replay(&record_of(&line).unwrap());
        assert!(
            replayed.valid() && replayed.warnings.is_empty(),
            "{}: {:?}",
            f.display(),
            replayed.problems
        );
        assert_eq!(replayed.result.winner, Some(pos.side_to_move()));
    }
}

#[test]
fn moon_only_stipulation_refuses_magic_wins() {
    use hensoku::Outcome;
    // puzzle A's key wins only by forking; after the moon escapes, only the magic capture is left
    let pos =
        spn::parse_position("1,eke,5/1,teems,2,kmir,2/dia,6/7/7/3,ser,3/7 arxe -/- rav/- 0/0")
            .unwrap();
    let r = shelt::solve_mate_in(
        &pos,
        MateIn {
            n: 2,
            moon_only: true,
        },
        &Default::default(),
    );
    assert_eq!(r.result, Outcome::NoSolution);
    let mut s = Solver::new(pos.side_to_move(), true);
    assert_eq!(s.solve(&pos, 2).n, None);
}
