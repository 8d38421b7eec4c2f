//! Card shogi: card state, SFEN-C, each card's plies, the generalised nifu and the
//! two-royal rules, checked on hand-made positions.

use hensoku::shogi::{Color, Square};
use hensoku::shogi_cards::legal_moves as legal_plies;
use hensoku::shogi_cards::notation::{parse_ply, parse_sfen_c, ply_text, to_sfen_c};
use hensoku::shogi_cards::{Card, Position as CardPosition};
use hensoku::shogi_cards::{checking_plies, is_mated, perft};

fn pos(sfen: &str) -> CardPosition {
    parse_sfen_c(sfen)
        .unwrap_or_else(|e| panic!("{sfen}: {e:?}"))
        .0
}

fn texts(p: &CardPosition, card: Option<Card>) -> Vec<String> {
    let mut v: Vec<String> = legal_plies(p)
        .into_iter()
        .filter(|m| m.card == card)
        .map(ply_text)
        .collect();
    v.sort();
    v
}

/// The position after `mv`, or the problem naming the rule it breaks: the face's checked
/// play.
fn check_ply(
    pos: &CardPosition,
    mv: hensoku::shogi_cards::Move,
) -> Result<CardPosition, hensoku::Problem> {
    <hensoku::shogi_cards::ShogiCards as hensoku::Game>::play(pos, &mv)
}

fn sq(t: &str) -> Square {
    let b = t.as_bytes();
    Square::new(b[0] - b'0', b[1] - b'a' + 1).unwrap()
}

fn play(p: &CardPosition, text: &str) -> CardPosition {
    let (mv, _) = parse_ply(text).unwrap();
    check_ply(p, mv).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

#[test]
fn sfen_c_round_trip_and_defaults() {
    let start = CardPosition::startpos();
    let text = to_sfen_c(&start);
    assert_eq!(
        text,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 QTRPIABDGSWCqtrpiabdgswc -"
    );
    let (back, stated) = parse_sfen_c(&text).unwrap();
    assert!(stated);
    assert_eq!(back, start);
    let (plain, stated) =
        parse_sfen_c("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -").unwrap();
    assert!(
        !stated,
        "a missing cards field is reported so the solver can warn"
    );
    assert_eq!(plain, start);
    let p = pos("4k4/9/9/9/4S4/9/9/9/4K4 w - 24 QRPABDGSWCqtrpiabgswc I5e");
    assert_eq!(
        to_sfen_c(&p),
        "4k4/9/9/9/4S4/9/9/9/4K4 w - 24 QRPABDGSWCqtrpiabgswc I5e"
    );
    let q = pos("4k4/9/9/9/9/9/9/4+G4/4K4 b - 1 - -");
    assert_eq!(to_sfen_c(&q), "4k4/9/9/9/9/9/9/4+G4/4K4 b - 1 - -");
}

#[test]
fn sfen_c_errors_point_at_the_field() {
    let e = parse_sfen_c("4k4/9/9/9/9/9/9/9/4K4 b - 1 QQ -").unwrap_err();
    assert_eq!(e.rule.name(), "CardListedTwice");
    assert_eq!(e.span.offset, 29);
    let e = parse_sfen_c("4k4/9/9/9/9/9/9/9/4K4 b - 1 QX -").unwrap_err();
    assert_eq!(e.rule.name(), "UnknownCard");
    assert_eq!(e.span.offset, 29);
    let e = parse_sfen_c("4k4/9/9/9/9/9/9/9/4K4 b - 1 - I5e").unwrap_err();
    assert_eq!(e.rule.name(), "InvincibleNotSilver");
    let e = parse_sfen_c("4k4/9/9/9/9/9/9/9/4K4 b - 1 - X9").unwrap_err();
    assert_eq!(e.rule.name(), "Syntax");
    let e = parse_sfen_c("4k4/9/9/9/9/9/9/+G8/9 b - 1 - -").unwrap_err();
    assert_eq!(e.rule.name(), "PrinceWithoutKing");
    // two pawns on a file: nifu unless that file is an active D file
    assert_eq!(
        parse_sfen_c("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1 - -")
            .unwrap_err()
            .rule
            .name(),
        "TwoPawns"
    );
    assert!(parse_sfen_c("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1 - Db5").is_ok());
    assert_eq!(
        parse_sfen_c("4k4/9/9/9/4P4/9/9/9/4K4 b - 1 - Db5")
            .unwrap_err()
            .rule
            .name(),
        "InactiveDFile"
    );
}

#[test]
fn no_cards_is_standard_shogi() {
    let p = CardPosition::startpos().with_cards(Default::default(), Default::default());
    let std = hensoku::shogi::Position::startpos();
    for d in 1..=3 {
        assert_eq!(perft(&p, d), hensoku::shogi::perft(&std, d), "depth {d}");
    }
}

#[test]
fn reflective_bishop_follows_the_seed_example() {
    let p = pos("9/9/7B1/9/9/9/9/9/9 b - 1 R -");
    let dests: Vec<String> = texts(&p, Some(Card::R))
        .iter()
        .map(|t| t[4..6].to_string())
        .collect();
    for s in ["3b", "4a", "5b", "6c", "7d", "8e", "9f", "8g"] {
        assert!(
            dests.contains(&s.to_string()),
            "R from 2c reaches {s}: {dests:?}"
        );
    }
    assert!(
        !dests.contains(&"2c".to_string()),
        "never back to its own square"
    );
    // the seed's spelling of the ply
    let after = play(&p, "R:2c8g+");
    assert_eq!(
        after.shogi().piece_at(sq("8g")).unwrap().kind,
        hensoku::shogi::Kind::Horse
    );
}

#[test]
fn reflective_bishop_is_banned_when_a_path_meets_the_enemy_king() {
    // king on 6c lies on the reflected path 2c-3b-4a-5b-6c
    let p = pos("9/9/3k3B1/9/9/9/9/9/8K b - 1 R -");
    assert!(texts(&p, Some(Card::R)).is_empty());
    let (mv, _) = parse_ply("R:2c3d").unwrap();
    assert_eq!(
        check_ply(&p, mv).unwrap_err().rule.name(),
        "ReflectionSeesRoyal"
    );
}

#[test]
fn invincible_silver_mate_in_one_from_the_rules() {
    let p = pos("8k/9/9/7L1/9/9/9/9/9 b S2r2b4g3s4n3l18p 1 I -");
    let mates: Vec<String> = checking_plies(&p)
        .into_iter()
        .filter(|&m| is_mated(&p.after(m)))
        .map(ply_text)
        .collect();
    assert_eq!(mates, vec!["I:S*1b"]);
    // without the card the king takes the silver
    let plain = play(&p, "S*1b");
    assert!(!is_mated(&plain));
    assert!(texts(&plain, None).contains(&"1a1b".to_string()));
    let after = play(&p, "I:S*1b");
    assert_eq!(after.invincible(), Some(sq("1b")));
    let (take, _) = parse_ply("1a1b").unwrap();
    assert_eq!(
        check_ply(&after, take).unwrap_err().rule.name(),
        "InvincibleSilver"
    );
}

#[test]
fn double_pawn_file_lasts_until_broken() {
    let p = pos("4k4/9/9/4p4/9/9/4P4/9/4K4 b P 1 D -");
    assert!(
        !texts(&p, None).iter().any(|t| t.starts_with("P*5")),
        "nifu without the card"
    );
    let after = play(&p, "D:P*5e");
    assert!(after.d_file(Color::Black, 5));
    assert!(to_sfen_c(&after).ends_with("Db5"));
    // White captures one of the pair: the file stops being a D file for good
    let broken = play(&after, "5d5e");
    assert!(!broken.d_file(Color::Black, 5));
}

#[test]
fn promoted_drop_may_not_check() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b R 1 G -");
    let g = texts(&p, Some(Card::G));
    assert!(g.contains(&"G:+R*1i".to_string()));
    assert!(
        !g.iter().any(|t| t == "G:+R*5e" || t == "G:+R*1a"),
        "a dragon on file 5 or rank 1 checks"
    );
    let (mv, _) = parse_ply("G:+R*5e").unwrap();
    assert_eq!(
        check_ply(&p, mv).unwrap_err().rule.name(),
        "PromotedDropCheck"
    );
    let (mv, _) = parse_ply("G:+G*5e").unwrap_or_else(|_| parse_ply("W:5i").unwrap());
    assert!(check_ply(&p, mv).is_err());
}

#[test]
fn crown_prince_shares_the_kings_role() {
    let p = pos("4k4/9/9/9/9/9/4G4/9/4K4 b - 1 P -");
    // the zone rule: a gold on 5g cannot reach the zone in one step
    assert!(texts(&p, Some(Card::P)).is_empty());
    let p = pos("4k4/9/9/4G4/9/9/9/9/4K4 b - 1 P -");
    let after = play(&p, "G:5d5c+");
    assert_eq!(
        after.shogi().piece_at(sq("5c")).unwrap().kind,
        hensoku::shogi::Kind::ProGold
    );
    assert!(to_sfen_c(&after).starts_with("4k4/9/4+G4/"));
    // with two royals, leaving the King attacked is legal
    let two = pos("4k4/9/9/9/9/3r5/9/7+G1/4K4 b - 1 - -");
    assert!(texts(&two, None).contains(&"2h1h".to_string()));
    // capturing the King moves it onto the prince's square; the captor gets a gold
    let w = pos("4k4/9/9/9/9/4r4/9/7+G1/4K4 w - 1 - -");
    let after = play(&w, "5f5i");
    assert_eq!(
        after.shogi().piece_at(sq("2h")).unwrap().kind,
        hensoku::shogi::Kind::King
    );
    assert_eq!(
        after
            .shogi()
            .hand_count(Color::White, hensoku::shogi::Kind::Gold),
        1
    );
}

#[test]
fn swap_withdraw_and_double_move() {
    let p = pos("4k4/9/9/9/9/9/9/1R7/P3K4 b - 1 TWS -");
    let t = texts(&p, Some(Card::T));
    assert!(t.contains(&"T:8h5i,5i8h".to_string()), "{t:?}");
    let w = texts(&p, Some(Card::W));
    assert_eq!(w, vec!["W:8h", "W:9i"]);
    // S may not give check with either move
    let s = texts(&p, Some(Card::S));
    assert!(
        !s.iter().any(|m| m.starts_with("S:8h5h")),
        "8h5h checks the king on 5a"
    );
    assert!(
        s.contains(&"S:8h8g,8g8h".to_string()),
        "a there-and-back is legal"
    );
}

#[test]
fn conversion_flips_and_its_bans() {
    // Black drops a silver on 5e closing the run 5d (white pawn) against the pawn on 5c
    let p = pos("4k4/9/4P4/4p4/9/9/9/9/K8 b S 1 C -");
    let after = play(&p, "C:S*5e");
    let flipped = after.shogi().piece_at(sq("5d")).unwrap();
    assert_eq!(flipped.color, Color::Black);
    // the own pawn on 5c already holds file 5: the flipped pawn becomes a と
    assert_eq!(flipped.kind, hensoku::shogi::Kind::ProPawn);
    // a run holding the king never flips: the card is unusable for that move
    let k = pos("9/9/9/4k4/9/9/4P4/9/K8 b S 1 C -");
    let (mv, _) = parse_ply("C:S*5e").unwrap();
    assert!(
        check_ply(&k, mv).is_ok(),
        "5e is adjacent to the king but nothing closes the run"
    );
    let k2 = pos("9/9/4L4/4k4/9/9/9/9/K8 b S 1 C -");
    assert_eq!(check_ply(&k2, mv).unwrap_err().rule.name(), "FlipRoyal");
}

#[test]
fn card_not_held_and_wrong_pieces() {
    let p = pos("4k4/9/9/9/9/9/9/1R7/4K4 b - 1 - -");
    let (mv, _) = parse_ply("W:8h").unwrap();
    assert_eq!(check_ply(&p, mv).unwrap_err().rule.name(), "CardNotHeld");
    let p = pos("4k4/9/9/9/9/9/9/1R7/4K4 b - 1 QTRPIABDGSWC -");
    let (mv, _) = parse_ply("W:5i").unwrap();
    assert_eq!(check_ply(&p, mv).unwrap_err().rule.name(), "WithdrawRoyal");
    let (mv, _) = parse_ply("A:8h7f").unwrap();
    assert_eq!(check_ply(&p, mv).unwrap_err().rule.name(), "WrongPiece");
    let (mv, _) = parse_ply("Q:5i5b").unwrap();
    assert_eq!(check_ply(&p, mv).unwrap_err().rule.name(), "QueenSeesRoyal");
}

#[test]
fn ply_text_round_trips() {
    for t in [
        "7g7f",
        "8h2b+",
        "P*5e",
        "R:2c8g+",
        "T:2h5i,5i2h",
        "T:2h2c+,2c2h",
        "P:4c4b+",
        "I:S*5e",
        "I:4h5g",
        "A:8i6h",
        "B:1i1c+",
        "D:P*5e",
        "G:+P*5b",
        "G:+R*5e",
        "S:8h2b+,2b1a",
        "W:3c",
        "C:7g7f",
        "C:S*5e",
    ] {
        let (mv, _) = parse_ply(t).unwrap();
        assert_eq!(ply_text(mv), t);
    }
    let (mv, _) = parse_ply("G:4c4b+").unwrap();
    assert_eq!(
        mv.card,
        Some(Card::P),
        "the seed's G on a gold move is card P"
    );
    assert_eq!(ply_text(mv), "P:4c4b+");
}

#[test]
fn bad_ply_texts_have_spans() {
    let cases = [
        ("X:7g7f", "UnknownCard", 0, 1),
        ("T:2h5i,", "Syntax", 6, 1),
        ("T:2h5i,5i2g", "Syntax", 7, 4),
        ("W:3", "Syntax", 2, 1),
        ("G:+G*5e", "Syntax", 2, 5),
        ("Ｑ:5i1e", "UnknownCard", 0, 3),
        ("S:8h2b", "Syntax", 2, 4),
    ];
    for (t, rule, off, len) in cases {
        let e = parse_ply(t).unwrap_err();
        assert_eq!(
            (e.rule.name(), e.span.offset, e.span.len),
            (rule, off, len),
            "{t}"
        );
    }
}
