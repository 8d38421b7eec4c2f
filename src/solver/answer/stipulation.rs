//! The play type of a stipulation and its spellings: Popeye's (`#2`, `h#3`, `h#2.5`, `s#2`,
//! `r#2`, `h=2`, `ser-h#5`, `ser-#3`, `hs#2`) and the shogi names (`ばか詰 17手` /
//! `bakazume 17`, `自玉詰` / `jigyokuzume`, `協力自玉詰` / `kyoryoku-jigyokuzume`), read by
//! one parser and printed back in one canonical spelling (`docs/stipulations.md`).

use super::{Goal, Stipulation, Unit};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Who plays for the goal, and how.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Play {
    /// The side to move forces the goal against every defence (`#n`, tsume).
    #[default]
    Direct,
    /// Both sides cooperate (`h#n`, `h=n`, ばか詰).
    Help,
    /// The side to move forces the other side to mate it (`s#n`, 自玉詰).
    #[serde(rename = "self")]
    SelfPlay,
    /// A selfmate in which either side that can mate in one must (`r#n`).
    Reflex,
    /// One side plays a series of moves, then the other reaches the goal in one
    /// (`ser-h#n`).
    SeriesHelp,
    /// The side to move plays a series of moves, the last reaching the goal (`ser-#n`).
    SeriesDirect,
    /// Both sides cooperate so that the side to move is mated by the other (`hs#n`,
    /// 協力自玉詰).
    HelpSelf,
}

impl Play {
    /// Help play: the answer is every solution, not a key and its tree.
    pub fn is_help(self) -> bool {
        matches!(
            self,
            Play::Help | Play::SeriesHelp | Play::SeriesDirect | Play::HelpSelf
        )
    }
}

/// Why a stipulation's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadStipulation(pub String);

impl fmt::Display for BadStipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadStipulation {}

/// Why a game gives no answer to a stipulation: the same type in every game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StipulationError {
    /// The game has no solver for it (a stalemate in shogi, series play without passing,
    /// a length counted in plies in chess), with the reason in words.
    Unsupported(String),
    /// Its length is missing or longer than the game's solvers take, in words.
    Length(String),
}

impl fmt::Display for StipulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StipulationError::Unsupported(why) | StipulationError::Length(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for StipulationError {}

/// The shogi names: (romanised, Japanese, play). The romanised name is the canonical one.
const SHOGI_NAMES: [(&str, &str, Play); 4] = [
    ("bakazume", "ばか詰", Play::Help),
    ("kyoryoku-jigyokuzume", "協力自玉詰", Play::HelpSelf),
    ("jigyokuzume", "自玉詰", Play::SelfPlay),
    ("tsume", "詰将棋", Play::Direct),
];

/// Other spellings of the shogi names, each read as the canonical one before it.
const SHOGI_ALIASES: [(&str, &str); 6] = [
    ("baka-zume", "bakazume"),
    ("馬鹿詰", "bakazume"),
    ("kyouryoku-jigyokuzume", "kyoryoku-jigyokuzume"),
    ("helpselfmate", "kyoryoku-jigyokuzume"),
    ("jigyokudzume", "jigyokuzume"),
    ("詰め将棋", "tsume"),
];

/// The longest stipulation accepted: far beyond any search that ends, small enough that no
/// count of plies overflows.
pub const MAX_LENGTH: u32 = 1_000_000;

impl Stipulation {
    /// A stipulation of `play` and `goal` in `length` units, `half` a move more (help play
    /// only: `h#2.5`).
    pub fn of(play: Play, goal: Goal, length: u32, half: bool, unit: Unit) -> Stipulation {
        Stipulation {
            goal,
            length: Some(length),
            unit,
            play,
            half,
        }
    }

    /// The same stipulation counted in `unit` (the number kept): the game decides what a
    /// number counts (shogi's `#17` is 17 plies, as `--mate-in 17` is).
    pub fn in_unit(self, unit: Unit) -> Stipulation {
        Stipulation { unit, ..self }
    }

    /// The canonical spelling: Popeye's in moves (`h#2.5`, `ser-#3`), the shogi name in
    /// plies (`bakazume 17`, and `mate in 17` for tsume), `win in 2` and `capture in 1`
    /// for the goals Popeye has no sign for.
    pub fn spelling(&self) -> String {
        let n = self.length.map_or(String::new(), |n| n.to_string());
        let half = if self.half { ".5" } else { "" };
        if self.unit == Unit::Plies && self.goal == Goal::Mate {
            if self.play == Play::Direct {
                return format!("mate in {n}").trim_end_matches(" in ").to_string();
            }
            if let Some((name, _, _)) = SHOGI_NAMES.iter().find(|s| s.2 == self.play) {
                return format!("{name} {n}").trim_end().to_string();
            }
        }
        let sign = match self.goal {
            Goal::Mate => "#",
            Goal::Stalemate => "=",
            Goal::Win | Goal::Capture => return self.to_string(),
        };
        let prefix = match self.play {
            Play::Direct => "",
            Play::Help => "h",
            Play::SelfPlay => "s",
            Play::Reflex => "r",
            Play::SeriesHelp => "ser-h",
            Play::SeriesDirect => "ser-",
            Play::HelpSelf => "hs",
        };
        format!("{prefix}{sign}{n}{half}")
    }

    /// The stipulation in words: "mate", "helpmate", "series helpmate", "selfmate",
    /// "help-stalemate", "bakazume", … (the goal alone for a direct mate, as before).
    pub fn word(&self) -> String {
        if self.unit == Unit::Plies
            && self.goal == Goal::Mate
            && self.play != Play::Direct
            && let Some((name, _, _)) = SHOGI_NAMES.iter().find(|s| s.2 == self.play)
        {
            return (*name).to_string();
        }
        let goal = self.goal.word();
        let play = match self.play {
            Play::Direct => "",
            Play::Help => "help",
            Play::SelfPlay => "self",
            Play::Reflex => "reflex",
            Play::SeriesHelp => "series help",
            Play::SeriesDirect => "series ",
            Play::HelpSelf => "help-self",
        };
        let sep = if self.goal == Goal::Stalemate && self.play == Play::Help {
            "-"
        } else {
            ""
        };
        format!("{play}{sep}{goal}")
    }
}

impl FromStr for Stipulation {
    type Err = BadStipulation;

    /// Read a stipulation: Popeye's spelling (counted in moves), a shogi name (counted in
    /// plies, `手` allowed after the number), or `mate in N` (plies, as the shogi puzzle
    /// files say it). The game may count the number in its own unit ([`Stipulation::in_unit`]).
    fn from_str(text: &str) -> Result<Stipulation, BadStipulation> {
        let t = text.trim();
        let bad = |why: &str| BadStipulation(format!("`{t}` is not a stipulation: {why}"));
        let lower = t.to_lowercase();
        if let Some(rest) = lower.strip_prefix("mate in") {
            let n = count(rest.trim()).ok_or_else(|| bad("expected a number after `mate in`"))?;
            return Ok(Stipulation::of(
                Play::Direct,
                Goal::Mate,
                n,
                false,
                Unit::Plies,
            ));
        }
        if let Some((play, rest)) = shogi_name(&lower) {
            let rest = rest.trim();
            let rest = rest.strip_suffix('手').unwrap_or(rest).trim();
            let n = count(rest).ok_or_else(|| bad("expected the most plies to search"))?;
            return Ok(Stipulation::of(play, Goal::Mate, n, false, Unit::Plies));
        }
        let (series, rest) = match lower.strip_prefix("ser-") {
            Some(r) => (true, r),
            None => (false, lower.as_str()),
        };
        let sign = rest
            .find(['#', '='])
            .ok_or_else(|| bad("expected `#` (mate) or `=` (stalemate)"))?;
        let goal = if rest[sign..].starts_with('#') {
            Goal::Mate
        } else {
            Goal::Stalemate
        };
        let play = match (series, &rest[..sign]) {
            (false, "") => Play::Direct,
            (false, "h") => Play::Help,
            (false, "s") => Play::SelfPlay,
            (false, "r") => Play::Reflex,
            (false, "hs") => Play::HelpSelf,
            (true, "h") => Play::SeriesHelp,
            (true, "") => Play::SeriesDirect,
            (_, other) => {
                return Err(bad(&format!(
                    "unknown play `{other}` (h, s, r, hs, ser-h, ser-)"
                )));
            }
        };
        let number = &rest[sign + 1..];
        let (number, half) = match number.strip_suffix(".5") {
            Some(n) => (n, true),
            None => (number, false),
        };
        if half && play != Play::Help {
            return Err(bad("only help play has half moves (`h#2.5`)"));
        }
        let n = count(number).ok_or_else(|| bad("expected the number of moves"))?;
        Ok(Stipulation::of(play, goal, n, half, Unit::Moves))
    }
}

/// A shogi name at the start of `text` (longest first) and what follows it.
fn shogi_name(text: &str) -> Option<(Play, &str)> {
    let mut names: Vec<(&str, &str)> = Vec::new();
    for (roman, japanese, _) in SHOGI_NAMES {
        names.push((roman, roman));
        names.push((japanese, roman));
    }
    names.extend(SHOGI_ALIASES);
    names.sort_by_key(|(spelling, _)| std::cmp::Reverse(spelling.len()));
    let (spelling, roman) = names.into_iter().find(|(s, _)| text.starts_with(s))?;
    let play = SHOGI_NAMES.iter().find(|s| s.0 == roman)?.2;
    Some((play, &text[spelling.len()..]))
}

/// A length from 1 to [`MAX_LENGTH`].
fn count(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|n| (1..=MAX_LENGTH).contains(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn read(s: &str) -> Stipulation {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn reads_popeye_spellings() {
        let h = read("h#2.5");
        assert_eq!(
            (h.play, h.goal, h.length, h.half),
            (Play::Help, Goal::Mate, Some(2), true)
        );
        assert_eq!(h.unit, Unit::Moves);
        assert_eq!(read("#2"), Stipulation::mate(Some(2), Unit::Moves));
        assert_eq!(read("s#2").play, Play::SelfPlay);
        assert_eq!(read("r#2").play, Play::Reflex);
        assert_eq!(read("h=2").goal, Goal::Stalemate);
        assert_eq!(read("ser-h#5").play, Play::SeriesHelp);
        assert_eq!(read("ser-#3").play, Play::SeriesDirect);
        assert_eq!(read(" HS#2 ").play, Play::HelpSelf);
    }

    #[test]
    fn reads_shogi_names_in_plies() {
        let b = read("ばか詰 17手");
        assert_eq!(
            (b.play, b.length, b.unit),
            (Play::Help, Some(17), Unit::Plies)
        );
        assert_eq!(read("bakazume 17"), b);
        assert_eq!(read("ばか詰17手"), b);
        assert_eq!(read("自玉詰 5手").play, Play::SelfPlay);
        assert_eq!(read("協力自玉詰 5手").play, Play::HelpSelf);
        assert_eq!(read("kyoryoku-jigyokuzume 5").play, Play::HelpSelf);
        assert_eq!(read("mate in 3"), Stipulation::mate(Some(3), Unit::Plies));
    }

    #[test]
    fn refuses_what_is_not_a_stipulation() {
        for bad in [
            "", "#", "#0", "h#", "x#2", "s#2.5", "ser-s#3", "h#2.7", "bakazume", "#-1",
        ] {
            assert!(bad.parse::<Stipulation>().is_err(), "{bad}");
        }
    }

    #[test]
    fn words_and_spellings() {
        assert_eq!(read("h#2.5").spelling(), "h#2.5");
        assert_eq!(read("ばか詰 9手").spelling(), "bakazume 9");
        assert_eq!(read("h=2").word(), "help-stalemate");
        assert_eq!(read("ser-h#5").word(), "series helpmate");
        assert_eq!(read("#2").word(), "mate");
        assert_eq!(read("bakazume 9").word(), "bakazume");
    }

    fn any_stipulation() -> impl Strategy<Value = Stipulation> {
        let play = prop_oneof![
            Just(Play::Direct),
            Just(Play::Help),
            Just(Play::SelfPlay),
            Just(Play::Reflex),
            Just(Play::SeriesHelp),
            Just(Play::SeriesDirect),
            Just(Play::HelpSelf),
        ];
        let goal = prop_oneof![Just(Goal::Mate), Just(Goal::Stalemate)];
        let unit = prop_oneof![Just(Unit::Moves), Just(Unit::Plies)];
        (play, goal, 1..=MAX_LENGTH, any::<bool>(), unit).prop_map(|(p, g, n, h, u)| {
            // plies: the shogi names, which all mate and have no half moves
            let (g, h) = if u == Unit::Plies {
                (Goal::Mate, false)
            } else {
                (g, h)
            };
            let u =
                if u == Unit::Plies && p != Play::Direct && !SHOGI_NAMES.iter().any(|s| s.2 == p) {
                    Unit::Moves
                } else {
                    u
                };
            Stipulation::of(p, g, n, h && p == Play::Help, u)
        })
    }

    proptest! {
        #[test]
        fn the_spelling_reads_back(s in any_stipulation()) {
            prop_assert_eq!(s.spelling().parse::<Stipulation>(), Ok(s));
        }
    }
}
