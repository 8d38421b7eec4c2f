//! The rules a diagnostic of shogi, and of card shogi, which builds on it (§1 of the shogi rules and the notations' own).

crate::core::rule::rule_kinds! {
    /// A shogi rule a move, a set-up or a record breaks.
    ShogiRule {
        IgnoredCheck => "the king is in check and the move does not answer it",
        DropPawnMate => "a dropped pawn gives checkmate (uchifuzume)",
        TwoPawns => "a second unpromoted pawn of the mover on one file (nifu)",
        CannotPromote => "the piece has no promoted form (gold, king, or an already promoted piece)",
        OutsidePromotionZone => "promotion without the origin or destination in the promotion zone",
        NoMoveForPiece => "an unpromoted piece moved or dropped where it could never move again",
        NotInHand => "the dropped piece is not in the mover's hand",
        DropOnOccupied => "a drop on an occupied square",
        PerpetualCheck => "the fourth repetition with every ply of one side giving check: the checking side loses",
        DeadPiece => "in a set-up, an unpromoted piece stands where it could never move",
        TooManyPieces => "in a set-up, more pieces of a kind than the set holds",
        VariationOutOfRange => "a KIF variation replaces a ply that the line it branches from does not have",
        IrregularVariation => "a KIF variation past the end of its line, or a move number written twice, read as tsshogi does (a warning)",
        VariationParent => "a variation names as its parent a line that does not come before it",
        UnknownLine => "a KIF or KI2 line that is not part of Kakinoki's format, skipped (a warning)",
        UnknownEnding => "a KIF terminal word outside Kakinoki's list, kept as written (a warning)",
        RepeatedSpecialMove => "a CSA record repeats its special move, which already ended it (a warning)",
        EncodingMismatch => "a KIF declares UTF-8 but its text is Shift_JIS, read as such (a warning)",
    }
}
