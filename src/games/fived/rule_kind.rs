//! The rules a diagnostic of 5D chess and its 5DPGN and 5DFEN.

crate::core::rule::rule_kinds! {
    /// A 5D chess rule an action, a set-up or a record breaks.
    FivedRule {
        BadFen => "a 5DFEN board that cannot be read",
        FenSize => "a 5DFEN board whose rows do not fit the board size",
        BadSize => "a board size that is not WxH with 1 ≤ W, H ≤ 8",
        BadPromotions => "a promotion piece list naming a piece that cannot be promoted to",
        TooManyTimelines => "more timelines than hensoku supports",
        NoBoards => "a set-up with no board",
        TimelineGap => "the initial timelines are not consecutive",
        BadTimeline => "a timeline label the set-up cannot have",
        UnsignedZero => "`0` in an even set-up, read as `+0`",
        MissingFen => "`Board \"custom\"` without 5DFEN boards",
        UnknownBoard => "a board name that is not defined and no 5DFEN is given",
        LegacyTag => "a tag of an older form of the notation",
        NoSuchBoard => "the move names a board that does not exist",
        BoardNotPlayable => "the move is played on a board that already has a next board",
        NoPlayableBoard => "the side has no board to move on",
        IllegalCastling => "castling without an unmoved king and rook, empty squares between, or through check",
        PawnDoubleStepAcrossTimelines => "a pawn's two-timeline step that is not from its start or not over an empty square",
        MissingMandatoryBoard => "the action is submitted before the present has passed",
        IncompleteAction => "the record ends inside an unfinished action",
        WrongPresentClaim => "the present turn written is not the present",
        WrongTimelineClaim => "the new timeline written is not the one the move creates",
    }
}
