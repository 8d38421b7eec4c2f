//! Every piece of §5 moves as the rules file defines it: the move generator is compared with
//! an oracle written from the table of §5.2 and the pawn list of §5.3 (unit directions by
//! axis count, rides stopped by missing boards and pieces), on a small multiverse of three
//! timelines of different lengths with pieces to capture and to be blocked by. And every
//! variant known by name starts exactly as its 5DFEN in the data's variant list.

use hensoku::fived::pgn;
use hensoku::fived::square as sq;
use hensoku::fived::validate as replay;
use hensoku::fived::{Colour, Move, Point, Position as Multiverse};
use std::collections::BTreeSet;

/// Timeline -1 holds T2–T3, timelines 0 and +1 hold T1–T3; white is to move at T3 on all.
/// The piece under test (`@`) stands on (0T3) d4; black pieces wait on several boards, and
/// a white piece blocks (0T1) d4.
fn multiverse(piece: &str) -> Multiverse {
    let kings = "7k/8/8/8/8/8/8/K7";
    let mut text = String::from("[Board \"custom\"]\n[Size \"8x8\"]\n");
    for (l, first) in [(-1, 2), (0, 1), (1, 1)] {
        for t in first..=3 {
            for c in ['w', 'b'] {
                if t == 3 && c == 'b' {
                    continue;
                }
                let rows = match (l, t, c) {
                    (0, 3, 'w') => "7k/8/8/5p2/3@4/8/8/K7".replace('@', piece),
                    (0, 1, 'w') => "7k/8/8/8/3N4/8/8/K7".into(),
                    (0, 2, 'w') => "7k/8/3r4/8/8/8/8/K7".into(),
                    (-1, 3, 'w') => "7k/8/8/3b4/2n1p3/8/8/K7".into(),
                    (-1, 2, 'w') => "7k/8/8/8/3q4/8/8/K7".into(),
                    (1, 2, 'w') => "7k/8/8/8/8/1r6/8/K7".into(),
                    _ => kings.into(),
                };
                text.push_str(&format!("[{rows}:{l}:{t}:{c}]\n"));
            }
        }
    }
    let rec = pgn::parse(&text).expect("reads");
    let r = replay(&rec, &text);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    r.start.expect("set-up")
}

/// What stands at `(l, v, file, rank)`: `None` off the multiverse, else Some(colour or empty).
fn at(mv: &Multiverse, l: i32, v: i32, f: i32, r: i32) -> Option<Option<Colour>> {
    if !mv.inside(f, r) {
        return None;
    }
    mv.cell(l, v, sq(f, r)).map(|c| c.colour())
}

fn units() -> Vec<[i32; 4]> {
    let r = -1..=1;
    let mut out = vec![];
    for a in r.clone() {
        for b in r.clone() {
            for c in r.clone() {
                for d in r.clone() {
                    if [a, b, c, d] != [0; 4] {
                        out.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    out
}

/// The oracle: destinations of a white piece of `letter` from (0, v, d4), from §5.
fn oracle(mv: &Multiverse, letter: char, v: i32) -> BTreeSet<(i32, i32, i32, i32)> {
    let (l0, f0, r0) = (0, 3, 3);
    let mut out = BTreeSet::new();
    // d = (file, rank, turn, timeline); a turn is two time indices.
    let dest = |d: [i32; 4], n: i32| {
        (
            l0 + n * d[3],
            v + 2 * n * d[2],
            f0 + n * d[0],
            r0 + n * d[1],
        )
    };
    let axes = |d: &[i32; 4]| d.iter().filter(|&&x| x != 0).count();
    let rider = |counts: &[usize], out: &mut BTreeSet<_>| {
        for d in units().into_iter().filter(|d| counts.contains(&axes(d))) {
            for n in 1.. {
                let (l, w, f, r) = dest(d, n);
                match at(mv, l, w, f, r) {
                    None | Some(Some(Colour::White)) => break,
                    Some(Some(Colour::Black)) => {
                        out.insert((l, w, f, r));
                        break;
                    }
                    Some(None) => {
                        out.insert((l, w, f, r));
                    }
                }
            }
        }
    };
    let leap = |ds: Vec<[i32; 4]>, out: &mut BTreeSet<_>| {
        for d in ds {
            let (l, w, f, r) = dest(d, 1);
            if matches!(at(mv, l, w, f, r), Some(None | Some(Colour::Black))) {
                out.insert((l, w, f, r));
            }
        }
    };
    match letter {
        'R' => rider(&[1], &mut out),
        'B' => rider(&[2], &mut out),
        'U' => rider(&[3], &mut out),
        'D' => rider(&[4], &mut out),
        'S' => rider(&[1, 2], &mut out),
        'Q' | 'Y' => rider(&[1, 2, 3, 4], &mut out),
        'K' | 'C' => leap(units(), &mut out),
        'N' => leap(
            units()
                .into_iter()
                .map(|d| d.map(|x| x * 2))
                .flat_map(knights)
                .collect(),
            &mut out,
        ),
        _ => pawn(mv, letter, v, &mut out),
    }
    out
}

/// The 48 knight leaps from the doubled unit vectors: keep one ±2, halve one other axis.
fn knights(d2: [i32; 4]) -> Vec<[i32; 4]> {
    let big: Vec<usize> = (0..4).filter(|&i| d2[i] != 0).collect();
    if big.len() != 2 {
        return vec![];
    }
    vec![[0, 1], [1, 0]]
        .into_iter()
        .map(|[keep, half]| {
            let mut d = [0; 4];
            d[big[keep]] = d2[big[keep]];
            d[big[half]] = d2[big[half]] / 2;
            d
        })
        .collect()
}

/// §5.3 for white (rank forward +1, timeline forward −1); `*` marks an unmoved piece.
fn pawn(mv: &Multiverse, letter: char, v: i32, out: &mut BTreeSet<(i32, i32, i32, i32)>) {
    let brawn = letter == 'W' || letter == 'w';
    let unmoved = letter.is_ascii_lowercase();
    let (f, r) = (3, 3);
    let empty = |l: i32, w: i32, f: i32, r: i32| at(mv, l, w, f, r) == Some(None);
    let black = |l: i32, w: i32, f: i32, r: i32| at(mv, l, w, f, r) == Some(Some(Colour::Black));
    let mut quiet = vec![(0, v, f, r + 1), (-1, v, f, r)];
    if unmoved && empty(0, v, f, r + 1) {
        quiet.push((0, v, f, r + 2));
    }
    if unmoved && empty(-1, v, f, r) {
        quiet.push((-2, v, f, r));
    }
    let mut takes = vec![
        (0, v, f - 1, r + 1),
        (0, v, f + 1, r + 1),
        (-1, v - 2, f, r),
        (-1, v + 2, f, r),
    ];
    if brawn {
        takes.extend([
            (-1, v, f, r + 1),
            (-1, v, f - 1, r),
            (-1, v, f + 1, r),
            (0, v - 2, f, r + 1),
        ]);
    }
    out.extend(quiet.into_iter().filter(|&(l, w, f, r)| empty(l, w, f, r)));
    out.extend(takes.into_iter().filter(|&(l, w, f, r)| black(l, w, f, r)));
}

fn generated(mv: &Multiverse, v: i32) -> BTreeSet<(i32, i32, i32, i32)> {
    let mut moves: Vec<Move> = vec![];
    mv.board_moves(0, v, Colour::White, false, &mut moves);
    let from = Point {
        l: 0,
        v,
        sq: sq(3, 3),
    };
    moves
        .iter()
        .filter(|m| m.from == from)
        .map(|m| (m.to.l, m.to.v, (m.to.sq % 8) as i32, (m.to.sq / 8) as i32))
        .collect()
}

#[test]
fn every_piece_moves_as_the_rules_define() {
    // Capital letters: a moved piece; `p`/`w` below stand for an unmoved pawn and brawn.
    for (letter, fen) in [
        ('K', "K"),
        ('C', "C"),
        ('Q', "Q"),
        ('Y', "Y"),
        ('R', "R"),
        ('B', "B"),
        ('U', "U"),
        ('D', "D"),
        ('S', "S"),
        ('N', "N"),
        ('P', "P"),
        ('W', "W"),
        ('p', "P*"),
        ('w', "W*"),
    ] {
        let mv = multiverse(fen);
        let v = mv.end_v(0).expect("timeline 0");
        let want = oracle(&mv, letter, v);
        assert!(!want.is_empty(), "{letter}");
        assert!(
            want.iter().any(|d| d.0 != 0 || d.1 != v),
            "{letter}: the set-up gives it no jump to check"
        );
        assert_eq!(generated(&mv, v), want, "{letter}");
    }
}

/// Each base variant of adri326/5dchess-variants, read from its own 5DFEN, starts exactly
/// like the same name read from hensoku's table (§11).
#[test]
fn named_variants_start_as_their_5dfen() {
    let root = public_path!("5d/adri326__5dchess-variants/base");
    let mut stack = vec![root];
    let mut seen = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let text = std::fs::read_to_string(&p).expect("readable");
            let rec = pgn::parse(&text).expect("reads");
            let name = rec.tag("VariantName").expect("named").value.clone();
            let from_fen = replay(&rec, &text).start.expect("5DFEN set-up");
            let by_name_text = format!("[Board \"{name}\"]\n");
            let by_name = replay(&pgn::parse(&by_name_text).expect("reads"), &by_name_text)
                .start
                .unwrap_or_else(|| panic!("{name} is known"));
            assert_eq!(
                (by_name.width, by_name.height, by_name.even),
                (from_fen.width, from_fen.height, from_fen.even),
                "{name}"
            );
            assert_eq!(
                (by_name.low, &by_name.timelines),
                (from_fen.low, &from_fen.timelines),
                "{name}"
            );
            seen += 1;
        }
    }
    assert_eq!(seen, 8, "the eight base variants of §11");
}
