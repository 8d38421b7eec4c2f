//! The variants hensoku knows by name (§11); any other name needs its 5DFEN in the file.

/// (name, size, 5DFEN boards). The boards are those of the official variant list.
const NAMED: &[(&str, (i32, i32), &[&str])] = &[
    (
        "Standard",
        (8, 8),
        &["[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]"],
    ),
    (
        "Standard - Defended Pawn",
        (8, 8),
        &["[r*qbnk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*QBNK*BNR*:0:1:w]"],
    ),
    (
        "Standard - Half Reflected",
        (8, 8),
        &["[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBK*QBNR*:0:1:w]"],
    ),
    (
        "Standard - Princess",
        (8, 8),
        &["[r*nbsk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBSK*BNR*:0:1:w]"],
    ),
    (
        "Standard - Reversed Royalty",
        (8, 8),
        &["[r*nbycbnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBYCBNR*:0:1:w]"],
    ),
    (
        "Standard - Turn Zero",
        (8, 8),
        &[
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:0:b]",
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:0:1:w]",
        ],
    ),
    (
        "Standard - Two Timelines",
        (8, 8),
        &[
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:-0:1:w]",
            "[r*nbqk*bnr*/p*p*p*p*p*p*p*p*/8/8/8/8/P*P*P*P*P*P*P*P*/R*NBQK*BNR*:+0:1:w]",
        ],
    ),
    (
        "Focused - Just Brawns",
        (5, 5),
        &["[w*w*w*w*k*/5/5/5/K*W*W*W*W*:0:1:w]"],
    ),
];

/// The canonical name, size and boards of a named variant (case-insensitive, R-12).
pub fn lookup(name: &str) -> Option<(&'static str, (i32, i32), &'static [&'static str])> {
    let name = name.trim();
    NAMED
        .iter()
        .find(|(n, _, _)| n.eq_ignore_ascii_case(name))
        .map(|&(n, s, b)| (n, s, b))
}

pub fn names() -> impl Iterator<Item = &'static str> {
    NAMED.iter().map(|(n, _, _)| *n)
}
