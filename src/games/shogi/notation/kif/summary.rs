//! The `まで…` line that closes a KIF or KI2 line: `まで64手で後手の勝ち`,
//! `まで85手で先手の反則勝ち`, `まで3手で千日手`.
//!
//! KIF's terminal words (`投了`, `反則勝ち`) are about the side to move; the summary names
//! the side itself. Where it names one, that side decides: a game that ended on White's
//! illegal move reads `まで84手で先手の反則勝ち` whatever the terminal word says, and is
//! kept as White's illegal action.

use crate::core::{CommonRule, Problem, Span};
use crate::games::shogi::record::Ending;
use crate::games::shogi::types::Color;

/// What a `まで` line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The plies it counts (`まで64手`), if it gives the number.
    pub count: Option<usize>,
    /// The side it names (`先手の勝ち`), and whether that side won.
    pub named: Option<(Color, bool)>,
    pub ending: Ending,
    pub span: Span,
}

use super::names::EndingFn;

/// Summary words after the side's `の`: the ending, and whether the named side wins.
const NAMED_WORDS: [(&str, EndingFn, bool); 6] = [
    ("反則勝ち", || Ending::IllegalWin, true),
    ("反則負け", || Ending::IllegalLoss, false),
    ("入玉勝ち", || Ending::EnteringKingWin, true),
    ("不戦勝", || Ending::WinByDefault, true),
    ("不戦敗", || Ending::LossByDefault, false),
    ("勝ち", || Ending::Resign, true),
];

/// Summary words that name no side, longest first where one is a prefix of another.
const PLAIN_WORDS: [(&str, EndingFn); 10] = [
    ("千日手", || Ending::Repetition),
    ("持将棋", || Ending::Impasse),
    ("中断", || Ending::Interrupted),
    ("不詰", || Ending::NoCheckmate),
    ("詰み", || Ending::Checkmate),
    ("詰", || Ending::Checkmate),
    ("切れ負け", || Ending::TimeUp),
    ("投了", || Ending::Resign),
    ("封じ手", || Ending::SealedMove),
    ("反則", || Ending::IllegalWin),
];

fn side_named(text: &str) -> Option<(Color, &str)> {
    [
        ("先手", Color::Black),
        ("下手", Color::Black),
        ("後手", Color::White),
        ("上手", Color::White),
    ]
    .into_iter()
    .find_map(|(name, c)| text.strip_prefix(name).map(|rest| (c, rest)))
}

/// Read the text after `まで`; `span` is the whole line's.
pub fn parse(rest: &str, span: Span) -> Summary {
    let digits = rest
        .char_indices()
        .find(|(_, c)| !c.is_ascii_digit() && !('０'..='９').contains(c))
        .map_or(rest.len(), |(i, _)| i);
    let count = super::reader::parse_number(&rest[..digits]);
    let text: String = rest[digits..]
        .trim_start_matches("手で")
        .trim_start_matches('手')
        .chars()
        .filter(|c| !super::tokens::is_space(*c))
        .collect();
    let (time_up, body) = match text.strip_prefix("時間切れにより") {
        Some(b) => (true, b),
        None => (false, text.as_str()),
    };
    if let Some((side, after)) = side_named(body)
        && let Some(word) = after.strip_prefix('の')
        && let Some((_, ending, wins)) = NAMED_WORDS.iter().find(|(w, _, _)| word == *w)
    {
        let ending = if time_up { Ending::TimeUp } else { ending() };
        return Summary {
            count,
            named: Some((side, *wins)),
            ending,
            span,
        };
    }
    let ending = PLAIN_WORDS
        .iter()
        .find(|(w, _)| body.starts_with(w))
        .map_or_else(|| Ending::Other(body.to_string()), |(_, e)| e());
    Summary {
        count,
        named: None,
        ending,
        span,
    }
}

/// The ending of a line from its terminal word (`stated`, if any) and its summary, with
/// `to_move` the side to move after the line's last ply. A named side makes an illegal
/// move absolute (`IllegalAction`); a summary that contradicts the terminal word in any
/// other way leaves the word's ending and adds a warning.
pub fn reconcile(
    stated: Option<Ending>,
    summary: &Summary,
    to_move: Color,
    warnings: &mut Vec<Problem>,
) -> Ending {
    let Some((side, wins)) = summary.named else {
        return stated.unwrap_or_else(|| summary.ending.clone());
    };
    let winner = if wins { side } else { side.flip() };
    let illegal = |e: &Ending| matches!(e, Ending::IllegalWin | Ending::IllegalLoss);
    let ending = stated.clone().unwrap_or_else(|| summary.ending.clone());
    if illegal(&ending) || (stated.is_none() && illegal(&summary.ending)) {
        return Ending::IllegalAction(winner.flip());
    }
    let implied = crate::games::shogi::validate::stated_result(Some(&ending), to_move).winner;
    let named = crate::games::shogi::setup::side_name(winner).to_lowercase();
    if implied.is_some_and(|w| w != named) {
        warnings.push(Problem::new(
            CommonRule::WrongResult,
            format!(
                "the summary names {named} as the winner, but the ending it closes makes the other side win; the ending is kept"
            ),
            summary.span,
        ));
    }
    ending
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Summary {
        parse(s.strip_prefix("まで").unwrap(), Span::default())
    }

    #[test]
    fn named_sides_and_plain_words() {
        let s = read("まで85手で先手の反則勝ち");
        assert_eq!(
            (s.count, s.named, s.ending),
            (Some(85), Some((Color::Black, true)), Ending::IllegalWin)
        );
        let s = read("まで105手で時間切れにより上手の勝ち");
        assert_eq!(
            (s.named, s.ending),
            (Some((Color::White, true)), Ending::TimeUp)
        );
        assert_eq!(read("まで３手で千日手").count, Some(3));
        assert_eq!(read("まで3手で詰").ending, Ending::Checkmate);
        assert_eq!(
            read("まで9手で引き分け").ending,
            Ending::Other("引き分け".into())
        );
        assert_eq!(
            read("まで107手で後手の反則負け").named,
            Some((Color::White, false))
        );
    }

    #[test]
    fn the_named_side_decides_an_illegal_move() {
        let mut w = Vec::new();
        let s = read("まで84手で先手の反則勝ち");
        let e = reconcile(Some(Ending::IllegalWin), &s, Color::White, &mut w);
        assert_eq!(e, Ending::IllegalAction(Color::White));
        let s = read("まで84手で後手の反則負け");
        assert_eq!(
            reconcile(None, &s, Color::Black, &mut w),
            Ending::IllegalAction(Color::White)
        );
        assert!(w.is_empty());
        let s = read("まで84手で後手の勝ち");
        assert_eq!(
            reconcile(Some(Ending::Resign), &s, Color::White, &mut w),
            Ending::Resign
        );
        assert_eq!(w[0].rule, CommonRule::WrongResult);
    }
}
