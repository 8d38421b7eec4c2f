//! The rules a diagnostic of card shogi alone: the twelve cards and their notation; card shogi also names `ShogiRule`s.

crate::core::rule::rule_kinds! {
    /// A rule only card shogi has: the cards, their effects and their letters.
    CardRule {
        UnknownCard => "a card letter that is not one of the twelve (Q T R P I A B D G S W C)",
        TwoCards => "a ply names two cards: cards are never combined",
        CardListedTwice => "in a set-up, a side's card is listed twice",
        CardNotHeld => "the mover has no unused card of this letter",
        NoSuchCardPly => "no legal ply with the named card is written this way",
        WrongShape => "the ply does not have the shape the card needs (one move, two moves, a drop)",
        NotSamePiece => "card S: the second move does not start where the first ended",
        SCardCheck => "card S: one of its two moves gives check",
        MustPromote => "card P: the gold does not promote into a Crown Prince",
        NoKing => "card P: the mover has no King on the board",
        TooManyPrinces => "in a set-up, more Crown Princes than one P card can make",
        PrinceWithoutKing => "in a set-up, a Crown Prince without its King",
        PromotedDropCheck => "card G: the promoted piece dropped gives check",
        WithdrawRoyal => "card W: it withdraws a royal piece",
        CardCapturesRoyal => "a card move captures a royal piece",
        FlipRoyal => "card C: the move would flip a royal piece",
        KnightSeesRoyal => "card A: the knight would reach the enemy royal piece",
        LanceSeesRoyal => "card B: the lance's jumping line meets the enemy royal piece",
        QueenSeesRoyal => "card Q: the queen's line meets the enemy royal piece",
        ReflectionSeesRoyal => "card R: a reflected bishop path meets the enemy royal piece",
        InvincibleSilver => "card I: the silver is invincible on this ply and cannot be captured",
        InvincibleNotSilver => "card I: the invincible square does not hold the silver that was played",
        InactiveDFile => "in a set-up, a file marked by card D does not hold exactly two of the side's pawns",
    }
}
