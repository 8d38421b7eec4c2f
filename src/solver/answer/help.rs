//! The answer of help play (`h#n`, `h=n`, `ser-h#n`, `ser-#n`, ばか詰): every solution,
//! numbered, written as Popeye writes help play (`1.Kd5 Qe4+ 2.Kc5 Qb4#`) or, in plies, as
//! tsume lines (`1. 2b2a+ 2. 1a2a 3. G*2b`).

use super::{Answer, Outcome, Play, Stipulation, Unit};
use serde::Serialize;

/// Every solution of a help-play stipulation that the search proved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HelpSolutions {
    /// The solutions, numbered from 1 in the order found (the first moves in the order of
    /// the move generator), shortest first.
    pub solutions: Vec<HelpLine>,
    /// How many solutions are listed.
    pub count: usize,
    /// The search ended: the list is every solution. False when a limit stopped it (the
    /// lines listed are proven, others may exist) or when the list was cut at its size
    /// (then [`Self::total`] says how many there are).
    pub complete: bool,
    /// How many solutions there are, in decimal digits, when there are more than the list
    /// holds: a long ばか詰 whose moves can be played in many orders may have more shortest
    /// lines than any integer type counts (寿限無 has more than 2⁶⁴).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<String>,
}

/// One solution of help play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HelpLine {
    /// Its number in the answer, from 1.
    pub number: usize,
    /// Its moves, every ply of both sides in order.
    pub moves: Vec<String>,
    /// Its plies.
    pub plies: u32,
    /// It reaches the goal in fewer moves than asked (a short solution, which cooks a
    /// composed help problem; ばか詰 lists only the shortest, so never there).
    pub short: bool,
}

impl HelpSolutions {
    /// The solutions `lines` (each its moves and whether it is short), complete or not.
    pub fn new(lines: Vec<(Vec<String>, bool)>, complete: bool) -> HelpSolutions {
        let solutions: Vec<HelpLine> = lines
            .into_iter()
            .enumerate()
            .map(|(i, (moves, short))| HelpLine {
                number: i + 1,
                plies: moves.len() as u32,
                moves,
                short,
            })
            .collect();
        HelpSolutions {
            count: solutions.len(),
            solutions,
            complete,
            total: None,
        }
    }
}

/// A help-play line as the problemist writes it: in moves, Popeye's numbering (a move
/// number per pair of the side that starts and its partner; `1...` when the stipulation
/// starts with the half move; series moves numbered one by one); in plies, each ply
/// numbered.
pub fn line_text(stip: &Stipulation, moves: &[String]) -> String {
    let mut out = Vec::new();
    match (stip.unit, stip.play) {
        (Unit::Plies, _) => {
            for (i, m) in moves.iter().enumerate() {
                out.push(format!("{}. {m}", i + 1));
            }
        }
        (_, Play::SeriesHelp) => {
            let last = moves.len().saturating_sub(1);
            for (i, m) in moves.iter().enumerate() {
                if i < last {
                    out.push(format!("{}.{m}", i + 1));
                } else {
                    out.push(m.clone());
                }
            }
        }
        (_, Play::SeriesDirect) => {
            for (i, m) in moves.iter().enumerate() {
                out.push(format!("{}.{m}", i + 1));
            }
        }
        _ => {
            // `h#n.5`: the mating side's half move first, numbered `1...`
            let offset = usize::from(stip.half);
            for (i, m) in moves.iter().enumerate() {
                let j = i + offset;
                if i == 0 && stip.half {
                    out.push(format!("1...{m}"));
                } else if j % 2 == 0 {
                    out.push(format!("{}.{m}", j / 2 + 1));
                } else {
                    out.push(m.clone());
                }
            }
        }
    }
    out.join(" ")
}

/// The terminal answer of help play: the verdict with the count, each solution numbered,
/// the notes, the counts.
pub(super) fn render<X>(a: &Answer<X>, help: &HelpSolutions, notes: &[String]) -> String {
    let stip = a.stipulation;
    let s = &a.solution;
    let count = match (help.count, &help.total) {
        (n, Some(total)) => format!("{total} solutions, the first {n} listed"),
        (1, None) => "1 solution".to_string(),
        (n, None) => format!("{n} solutions"),
    };
    let mut out = match a.result {
        Outcome::NoSolution => format!("no {stip}\n"),
        Outcome::Unknown => {
            let limit = a.stopped_by.map_or("a", |l| l.word());
            let mut v = format!(
                "unknown: the {limit} limit stopped the search before {stip} was decided\n"
            );
            if help.count > 0 {
                v.push_str(&format!(
                    "proven before the stop ({count}; the list may be incomplete):\n"
                ));
            }
            v
        }
        Outcome::Solved => {
            // ばか詰's number is the most plies searched: a shorter answer is no cook
            let short = match (s.length.value, stip.length) {
                (Some(v), Some(n)) if v < n && stip.unit != Unit::Plies => {
                    format!(" (shorter than the {stip} asked)")
                }
                _ => String::new(),
            };
            let half = if stip.half { ".5" } else { "" };
            let length = s
                .length
                .value
                .map_or(String::new(), |v| format!(" in {v}{half}"));
            format!("{}{length}{short}: {count}\n", stip.word())
        }
    };
    for line in &help.solutions {
        let mark = if line.short { " (short)" } else { "" };
        out.push_str(&format!(
            "{}) {}{mark}\n",
            line.number,
            line_text(&stip, &line.moves)
        ));
    }
    for n in notes {
        out.push_str(n);
        out.push('\n');
    }
    out.push_str(&format!("{} nodes, {} ms\n", a.nodes, a.elapsed_ms));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(m: &[&str]) -> Vec<String> {
        m.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn lines_are_numbered_as_popeye_numbers_help_play() {
        let m = moves(&["Kd5", "Qe4+", "Kc5", "Qb4#"]);
        let h2: Stipulation = "h#2".parse().unwrap();
        assert_eq!(line_text(&h2, &m), "1.Kd5 Qe4+ 2.Kc5 Qb4#");
        let m = moves(&["Qe4+", "Kd5", "Kc3", "Kc5", "Qb4#"]);
        let h25: Stipulation = "h#2.5".parse().unwrap();
        assert_eq!(line_text(&h25, &m), "1...Qe4+ 2.Kd5 Kc3 3.Kc5 Qb4#");
        let m = moves(&["Kd5", "Kc5", "Qb4#"]);
        let ser: Stipulation = "ser-h#2".parse().unwrap();
        assert_eq!(line_text(&ser, &m), "1.Kd5 2.Kc5 Qb4#");
        let baka: Stipulation = "bakazume 3".parse().unwrap();
        assert_eq!(line_text(&baka, &m), "1. Kd5 2. Kc5 3. Qb4#");
    }
}
