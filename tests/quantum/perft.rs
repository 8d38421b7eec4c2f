//! The rules file's test vectors (§19) and symmetry checks of the move generator.

use hensoku::quantum::qfen;
use hensoku::quantum::{self, Position, Side};
use hensoku::quantum::{Reason, Status, ending};

fn pos(q: &str) -> Position {
    qfen::parse_position(q).unwrap_or_else(|p| panic!("{q}: {p:?}"))
}

fn texts(p: &Position) -> Vec<String> {
    quantum::legal_moves(p)
        .into_iter()
        .map(|m| m.text)
        .collect()
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

#[test]
fn t1_start_position_has_the_56_listed_moves() {
    let expected = words(
        "Xd2-c1 Xd2-c2 Xd2-d1 Xd2-e2 Xd2-e3 Xd3-c2 Xd3-c3 Xd3-e3 Xd3-e4 Xd4-c3 Xd4-c4 Xd4-e4
         Xd4-e5 Xd5-c4 Xd5-c5 Xd5-e5 Xd5-e6 Xd6-c5 Xd6-c6 Xd6-d7 Xd6-e6 Xd6-e7
         a1~c1 a1~c1^e3 a1~c1^e3^c3 a1~c3 a1~c3^e3 a1~c3^e3^c1 a1~c3^e5 a1~c3^e5^c5
         a2~c2 a2~c2^e2 a2~c2^e4 a2~c2^e4^c4 a2~c4 a2~c4^e4 a2~c4^e4^c2 a2~c4^e6 a2~c4^e6^c6
         a3~c3 a3~c3^e3 a3~c3^e3^c1 a3~c3^e5 a3~c3^e5^c5 a3~c5 a3~c5^e5 a3~c5^e5^c3 a3~c5^e7
         a4~c4 a4~c4^e4 a4~c4^e4^c2 a4~c4^e6 a4~c4^e6^c6 a4~c6 a4~c6^e6 a4~c6^e6^c4",
    );
    let start = Position::startpos();
    assert_eq!(
        qfen::to_qfen(&start),
        "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 0:0 -"
    );
    assert_eq!(texts(&start), expected);
    assert!(
        quantum::legal_moves(&start)
            .iter()
            .all(|m| !m.is_capture(&start))
    );
}

#[test]
fn t1_perft_to_depth_3() {
    let start = Position::startpos();
    let counts: Vec<u64> = (1..=3).map(|d| quantum::perft(&start, d)).collect();
    assert_eq!(counts, [56, 2_982, 172_818]);
}

#[test]
#[ignore = "about 20 s in release: cargo test --release --test quantum perft:: -- --ignored"]
fn t1_perft_depth_4() {
    assert_eq!(quantum::perft(&Position::startpos(), 4), 9_631_218);
}

#[test]
fn t2_worked_chain_position() {
    let p = pos("2ss/2X1c/1s1S2/7/2l3/1S3/L3 r 0:0 -");
    assert_eq!(
        texts(&p),
        words(
            "Xf5-e4 Xf5-f4 Xf5-f6 Xf5-g5 a1>a4 a1>b2=C a1>d1 b2xd4 b2xd4~f6 b2xd4~f6^f4 b2xd4~f6^f4xd2 e5^g5"
        )
    );
}

#[test]
fn t3_liner_position() {
    let p = pos("l2c/1s3/3L2/3S3/L5/4L/3L r 0:0 -");
    assert_eq!(
        texts(&p),
        words(
            "a4>a1 a4>b5@NW a4>b5@W a4>d4=C b5>a4@NW b5>a4@W b5>b1 b5>d7 b5>e5@NE b5>e5@SW c1>a1 c1>c6 c1>d1 c1>xf4 \
             d4~f6 e5>b5@W e5>d4=C e5>e2 e5>e7 e5>g5 e5>xg7"
        )
    );
}

#[test]
fn t4_cannon_position_and_the_lock() {
    let p = pos("2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1");
    assert_eq!(
        texts(&p),
        words("Xe4-d4 Xe4-e3 Xe4-e5 Xe4-f4 Xe4-f5 c2@E c2@NE c2@SW")
    );
    let shot = quantum::legal_moves(&p)
        .into_iter()
        .find(|m| m.text == "c2@NE")
        .unwrap();
    assert_eq!(qfen::to_qfen(&shot.result), "4/5/6/X6/1S4/S4/4 b 1:0 -");
    assert_eq!(
        ending::status(&shot.result),
        Status::Over {
            reason: Reason::Material,
            winner: Some(Side::Red)
        }
    );
}

#[test]
fn t7_absorber_only_ends_the_game() {
    let p = pos("ss2/4l/5s/3X3/6/5/S3 r 2:2 -");
    assert_eq!(texts(&p).len(), 6);
    assert_eq!(
        ending::status(&p),
        Status::Over {
            reason: Reason::AbsorberOnly,
            winner: Some(Side::Blue)
        }
    );
    assert_eq!((p.score(Side::Red), p.score(Side::Blue)), (1, 4));
}

#[test]
fn t8_an_absorber_step_that_frees_a_skipper_keeps_the_game_going() {
    let p = pos("ss2/4l/5s/7/1X4/5/S3 r 2:2 -");
    assert_eq!(ending::status(&p), Status::Ongoing);
    assert_eq!(
        texts(&p),
        words("Xc2-b1 Xc2-b2 Xc2-c1 Xc2-c3 Xc2-d2 Xc2-d3")
    );
}

#[test]
fn t9_a_chain_that_repeats_a_jump_reaches_a_result_of_its_own() {
    let p = pos("ssss/ss1ss/2XS2/1XsXXX1/6/SLSSS/1SSS b 0:0 - 2");
    let moves = quantum::legal_moves(&p);
    assert_eq!(moves.len(), 36);
    let m = moves
        .iter()
        .find(|m| m.text == "g5~e3~c3xa1xc1^e3~c3")
        .expect("the looping chain is legal");
    assert_eq!(
        qfen::to_qfen(&m.result),
        "s1ss/sl1ss/2XS2/1XsXXX1/2s3/2SSS/1SSS r 0:0 - 3"
    );
    assert_eq!(
        hensoku::quantum::qmn::print(&p, m, true),
        "g5~e3~c3xa1xc1^e3~c3;xb2,b1"
    );
}

#[test]
fn qfen_example_after_two_moves() {
    let start = Position::startpos();
    let a = quantum::legal_moves(&start)
        .into_iter()
        .find(|m| m.text == "a1~c3")
        .unwrap()
        .result;
    let b = quantum::legal_moves(&a)
        .into_iter()
        .find(|m| m.text == "Xd4-e5")
        .unwrap()
        .result;
    assert_eq!(
        qfen::to_qfen(&b),
        "ssss/sssss/3X2/1XX1XX1/2S3/SLSSS/1SSS r 0:0 e5 2"
    );
}

/// Left–right mirror (§2.3): every row read backwards.
fn mirror(q: &str) -> String {
    let (board, rest) = q.split_once(' ').unwrap();
    let rows: Vec<String> = board.split('/').map(reverse_row).collect();
    format!("{} {rest}", rows.join("/"))
}

fn reverse_row(row: &str) -> String {
    let mut items: Vec<String> = Vec::new();
    for c in row.chars() {
        match (c.is_ascii_digit(), items.last_mut()) {
            (true, Some(last)) if last.chars().all(|x| x.is_ascii_digit()) => last.push(c),
            _ => items.push(c.to_string()),
        }
    }
    items.reverse();
    items.concat()
}

/// 180° rotation with the colours swapped: the same game seen from the other side.
fn rotate_swap(q: &str) -> String {
    let f: Vec<&str> = q.split(' ').collect();
    let mut rows: Vec<String> = f[0].split('/').map(reverse_row).collect();
    rows.reverse();
    let swapped: Vec<String> = rows
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c == 'X' {
                        c
                    } else if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if f[1] == "r" { "b" } else { "r" };
    let (a, b) = f[2].split_once(':').unwrap();
    format!("{} {side} {b}:{a} -", swapped.join("/"))
}

#[test]
fn perft_is_symmetric_under_mirror_and_colour_swapped_rotation() {
    for q in [
        "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 0:0 -",
        "2ss/2X1c/1s1S2/7/2l3/1S3/L3 r 0:0 -",
        "l2c/1s3/3L2/3S3/L5/4L/3L r 0:0 -",
        "ssss/ss1ss/2XS2/1XsXXX1/6/SLSSS/1SSS b 0:0 -",
    ] {
        let base = quantum::perft(&pos(q), 2);
        assert_eq!(quantum::perft(&pos(&mirror(q)), 2), base, "mirror of {q}");
        assert_eq!(
            quantum::perft(&pos(&rotate_swap(q)), 2),
            base,
            "rotation of {q}"
        );
    }
}

#[test]
fn scaled_boards_play_and_stay_symmetric() {
    for n in [3usize, 5, 6] {
        let geo = hensoku::quantum::geometry(n).unwrap();
        let start = Position::scaled_start(geo);
        let q = qfen::to_qfen(&start);
        assert_eq!(qfen::to_qfen(&pos(&q)), q);
        let base = quantum::perft(&start, 2);
        assert!(base > 0);
        assert_eq!(quantum::perft(&pos(&mirror(&q)), 2), base, "N = {n}");
    }
}
