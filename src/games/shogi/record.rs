//! A game record as read from any notation: start setup, moves as written (with spans),
//! the stated ending, header lines, comments and variations. Nothing here is checked
//! against the rules; `validate` replays it.

use crate::core::{Problem, Span};
use crate::games::shogi::notation::csa::CsaMove;
use crate::games::shogi::notation::kif::{Ki2Move, KifMove};
use crate::games::shogi::position::Position;
use crate::games::shogi::setup::Setup;
use crate::games::shogi::types::{Move, Square};
use serde::Serialize;

/// A move as a notation wrote it, before it is matched against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// USI and CSA name origin and destination, so the move is known without a position.
    Usi(Move),
    /// CSA also names the piece after the move, which resolving checks against the board.
    Csa(CsaMove),
    /// KIF names the origin (`７六歩(77)`) but needs the position for `同`.
    Kif(KifMove),
    /// KI2 names only piece and destination (`▲７六歩`), resolved by search.
    Ki2(Ki2Move),
    /// A move token a reader's [`MoveHook`](crate::shogi::MoveHook) claimed, as written:
    /// a move of a notation that extends shogi's (card shogi's card plies), which the
    /// hook's caller reads. The plain readers (`parse_record`) never produce it.
    Claimed(String),
}

impl MoveText {
    /// Turn the written move into a move of `pos`. `previous` is the destination of the
    /// previous ply (for `同`). Errors carry a span relative to the move's own text.
    pub fn resolve(&self, pos: &Position, previous: Option<Square>) -> Result<Move, Problem> {
        match self {
            MoveText::Usi(m) => Ok(*m),
            MoveText::Kif(m) => m.resolve(pos, previous),
            MoveText::Ki2(m) => m.resolve(pos, previous),
            MoveText::Csa(m) => m.resolve(pos),
            MoveText::Claimed(t) => Err(Problem::syntax(
                format!("`{t}` is not a shogi move"),
                Span::new(0, t.len()),
            )),
        }
    }
}

/// One ply of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move as its notation writes it.
    pub text: MoveText,
    /// Where the move's text stands in the source.
    pub span: Span,
    /// Time annotation as written (KIF `( 0:01/00:00:01)`, CSA `T12`), if any.
    pub time: Option<String>,
    /// The comments that follow the move (KIF `*`, CSA `'*`).
    pub comments: Vec<String>,
}

impl RecordMove {
    /// A move as written at `span`, with no time and no comments.
    pub fn new(text: MoveText, span: Span) -> RecordMove {
        RecordMove {
            text,
            span,
            time: None,
            comments: Vec::new(),
        }
    }
}

/// Header keys that KIF and CSA both have, as (KIF key, CSA key), so a converted record
/// keeps them as headers in the target's own spelling. A handicap game names its players
/// 下手 (Black) and 上手 (White) in KIF; CSA has only `N+` and `N-`.
pub const HEADER_KEYS: [(&str, &str); 10] = [
    ("先手", "N+"),
    ("後手", "N-"),
    ("下手", "N+"),
    ("上手", "N-"),
    ("棋戦", "$EVENT"),
    ("場所", "$SITE"),
    ("開始日時", "$START_TIME"),
    ("終了日時", "$END_TIME"),
    ("持ち時間", "$TIME_LIMIT"),
    ("戦型", "$OPENING"),
];

/// How a record says the game ended (KIF `投了`, CSA `%TORYO`, …). Words that name no side
/// are about the side to move after the last ply, as KIF and CSA both mean them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// 投了, `%TORYO`: the side to move resigns.
    Resign,
    /// 詰み, `%TSUMI`: the side to move is mated.
    Checkmate,
    /// 千日手, `%SENNICHITE`.
    Repetition,
    /// 持将棋, `%JISHOGI`.
    Impasse,
    /// 入玉勝ち, `%KACHI`: the side to move declares an entering-king win.
    EnteringKingWin,
    /// 切れ負け, `%TIME_UP`: the side to move lost on time.
    TimeUp,
    /// 反則勝ち: the side to move wins, the last ply having broken a rule.
    IllegalWin,
    /// 反則負け, `%ILLEGAL_MOVE`: the side to move loses for breaking a rule.
    IllegalLoss,
    /// `%+ILLEGAL_ACTION` / `%-ILLEGAL_ACTION`: this side broke a rule and loses.
    IllegalAction(crate::games::shogi::types::Color),
    /// 中断, `%CHUDAN`.
    Interrupted,
    /// 不詰, `%FUZUMI`: no mate (a tsume record's claim).
    NoCheckmate,
    /// `%HIKIWAKE`: a draw declared.
    Draw,
    /// `%MAX_MOVES`: the game reached its most plies.
    MaxMoves,
    /// `%ERROR`.
    Error,
    /// `%MATTA`: a take-back.
    Matta,
    /// 封じ手: the game was adjourned with a sealed move.
    SealedMove,
    /// 不戦勝: the side to move wins by default.
    WinByDefault,
    /// 不戦敗: the side to move loses by default.
    LossByDefault,
    /// A terminal word hensoku does not know, as written.
    Other(String),
}

/// A side line: the moves that replace ply `ply` (1-based) and after of the line it
/// branches from, `parent` (`None` for the main line, else an earlier variation's index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The ply (1-based) its first move replaces.
    pub ply: usize,
    /// The line it branches from: `None` for the main line, else a variation's index.
    pub parent: Option<usize>,
    /// The `変化：N手` line.
    pub span: Span,
    /// Its moves, from ply `ply` on.
    pub moves: Vec<RecordMove>,
    /// How the line ends, as written, and where.
    pub ending: Option<(Ending, Span)>,
    /// The time written on the ending's line, if any.
    pub ending_time: Option<String>,
    /// Set when the reader opened this line at a move number written twice (Kifu for
    /// Windows): which reading it takes is settled on the board
    /// (`repeated::settle_repeated_numbers`).
    pub repeated: Option<Repeated>,
}

/// A move number written twice in a row (`5 ６六歩` then `5 ４二銀`): the line whose ply
/// it repeats, and where the number and its warning stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeated {
    /// The line holding the move above (`0` the main line, `k + 1` variation `k`).
    pub line: usize,
    /// The second number's span (that of its `IrregularVariation` warning).
    pub number: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// A shogi record as read from any notation: the start, the moves as written, the ending,
/// headers, comments and variations. Nothing is checked;
/// [`validate`](crate::shogi::validate) replays it.
pub struct Record {
    /// The start position as written (not yet checked).
    pub start: Setup,
    /// Where the start position is written (the whole diagram for KIF/CSA).
    pub start_span: Span,
    /// Header lines as key/value pairs in source order.
    pub headers: Vec<(String, String)>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The main line's moves as written.
    pub moves: Vec<RecordMove>,
    /// The stated ending (`投了`, `%TORYO`, …) and its span.
    pub ending: Option<(Ending, Span)>,
    /// The time written with the ending (KIF `( 0:03/00:00:32)`, CSA `T3`), if any.
    pub ending_time: Option<String>,
    /// Side lines, each after the line it branches from (depth first, as KIF writes them).
    pub variations: Vec<Variation>,
    /// Deviations the reader tolerated (an unknown line, say): the record stays valid.
    pub warnings: Vec<Problem>,
}

impl Default for Record {
    fn default() -> Self {
        Record {
            start: super::notation::sfen::startpos_setup(),
            start_span: Span::default(),
            headers: Vec::new(),
            comments: Vec::new(),
            moves: Vec::new(),
            ending: None,
            ending_time: None,
            variations: Vec::new(),
            warnings: Vec::new(),
        }
    }
}

impl Record {
    /// The moves of a line: `0` is the main line, `k + 1` variation `k`.
    pub fn line_moves(&self, line: usize) -> &[RecordMove] {
        match line {
            0 => &self.moves,
            k => &self.variations[k - 1].moves,
        }
    }

    /// The ply of a line's first move (`0` the main line, `k + 1` variation `k`).
    pub fn line_first_ply(&self, line: usize) -> usize {
        match line {
            0 => 1,
            k => self.variations[k - 1].ply,
        }
    }

    /// For each line (`0` the main line, `k + 1` variation `k`), the variations that
    /// branch from it as (ply, variation index), in ply order. A variation whose `parent`
    /// is not an earlier variation is left out: `validate` reports it
    /// (`VariationParent`). Replaying the lines in index order with this table reaches
    /// every branch point before its variation, without recursion however deep the
    /// nesting.
    pub fn branches(&self) -> Vec<Vec<(usize, usize)>> {
        let mut out = vec![Vec::new(); self.variations.len() + 1];
        for (k, v) in self.variations.iter().enumerate() {
            match v.parent {
                None => out[0].push((v.ply, k)),
                Some(p) if p < k => out[p + 1].push((v.ply, k)),
                Some(_) => {}
            }
        }
        for b in &mut out {
            b.sort_by_key(|&(ply, k)| (ply, k));
        }
        out
    }
}
