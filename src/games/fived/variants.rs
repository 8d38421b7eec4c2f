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
/// A named variant by its long name (`Standard - Princess`) or by the short names that
/// 5d-chess-js reads and writes (`Princess`, `princess`, `turn_zero`): case, `_` and the
/// family before ` - ` do not matter. The name returned is always the long one.
pub fn lookup(name: &str) -> Option<(&'static str, (i32, i32), &'static [&'static str])> {
    let key = words(name);
    NAMED
        .iter()
        .find(|(n, _, _)| {
            let long = words(n);
            long == key
                || long
                    .split_once(" - ")
                    .is_some_and(|(_, short)| short == key)
        })
        .map(|&(n, s, b)| (n, s, b))
}

/// A variant name in lower case with `_` as a space and runs of spaces as one.
fn words(name: &str) -> String {
    name.replace('_', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The long name of every variant known by name.
pub fn names() -> impl Iterator<Item = &'static str> {
    NAMED.iter().map(|(n, _, _)| *n)
}
