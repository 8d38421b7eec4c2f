//! The solver on the spec's puzzles (§15.3) and on every puzzle in `puzzles/shelt/`.

use hensoku::games::shelt::notation::spn;
use hensoku::games::shelt::print;
use hensoku::games::shelt::resolve::Previous;
use hensoku::games::shelt::solve::Solver;

fn solve_text(spn_text: &str, n: u32) -> (Option<u32>, Vec<String>, Vec<(String, Vec<String>)>) {
    let pos = spn::parse_position(spn_text).unwrap();
    let mut s = Solver::new(pos.side_to_move(), false);
    let sol = s.solve(&pos, n);
    let keys = sol.keys.iter().map(|&k| print::readout(&pos, Previous::None, k, false)).collect();
    let after = pos.after(sol.keys[0]);
    let defs = sol
        .defences
        .iter()
        .map(|d| {
            let after_d = after.after(d.reply);
            let prev = d.reply.reference().map_or(Previous::Yol, Previous::Square);
            (print::readout(&after, Previous::Yol, d.reply, false), d.wins.iter().map(|&w| print::readout(&after_d, prev, w, true)).collect())
        })
        .collect();
    (sol.n, keys, defs)
}

#[test]
fn puzzle_a() {
    let (n, keys, defs) = solve_text("1,eke,5/1,teems,2,kmir,2/dia,6/7/7/3,ser,3/7 arxe -/- rav/- 0/0", 2);
    println!("{n:?} {keys:?}");
    for d in &defs { println!("{d:?}"); }
    assert_eq!(n, Some(2));
    assert_eq!(keys, vec!["yol,rav"]);
}

#[test]
fn puzzle_b() {
    let (n, keys, defs) = solve_text("3,ful,milf,1,eke/7/6,kmir/7/7/7/teems,1,ral,1,ser,2 arxe -/- -/- 0/0", 2);
    println!("{n:?} {keys:?}");
    for d in &defs { println!("{d:?}"); }
    assert_eq!(n, Some(2));
    assert_eq!(keys, vec!["vin,ki,milf ann nim,ki,ful"]);
}
