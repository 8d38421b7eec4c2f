//! QMN: never panic reading a move or resolving it against a few positions; a legal move
//! prints to a text that resolves to the same result.
#![no_main]
use hensoku::quantum::{Mode, qfen, qmn};
use libfuzzer_sys::fuzz_target;

const POSITIONS: [&str; 4] = [
    "ssss/sssss/6/1XXXXX1/6/SSSSS/SSSS r 0:0 -",
    "2ss/2X1c/1s1S2/7/2l3/1S3/L3 r 0:0 -",
    "l2c/1s3/3L2/3S3/L5/4L/3L r 0:0 -",
    "2s1/5/2X3/X1s4/1C4/S4/4 r 0:0 d1",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(mv) = qmn::parse_move(text, 0) else {
        return;
    };
    for q in POSITIONS {
        let pos = qfen::parse_position(q).expect("fixed position");
        for mode in [Mode::Strict, Mode::Lenient] {
            if let Ok(g) = qmn::resolve(&pos, &mv, mode) {
                let printed = qmn::print(&pos, &g, true);
                let again = qmn::parse_move(&printed, 0).expect("a printed move reads back");
                let back = qmn::resolve(&pos, &again, Mode::Strict).expect("a printed move is legal");
                assert_eq!(back.result, g.result);
            }
        }
    }
});
