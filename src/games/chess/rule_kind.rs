//! The rules a diagnostic of chess, and of Portal Chess, which builds on it.

crate::core::rule::rule_kinds! {
    /// A chess rule (FIDE) a move, a FEN or a record breaks.
    ChessRule {
        MissingKing => "a side has no king",
        PawnCaptureOnly => "a pawn moves diagonally onto an empty square that is not en passant",
        BadPromotion => "a promotion written for a move that does not promote, or to a piece a pawn cannot become",
        PawnOnBackRank => "in a set-up, a pawn on the first or last rank",
        CastlingBlocked => "castling with a piece between king and rook",
        CastlingOutOfCheck => "castling while in check",
        CastlingThroughCheck => "the castling king crosses or lands on an attacked square",
        CastlingRightLost => "castling after the king or that rook has moved",
        BadCastlingRights => "in a FEN, castling rights that the king and rooks cannot have",
        BadEnPassant => "in a FEN, an en passant square no double step could have made",
        UnsupportedVariant => "a PGN `Variant` tag names a game hensoku does not play as chess",
    }
}
