//! Howe's Portal Chess (rules §2): perft from the start, the §2.9 worked example, and
//! hand-made positions for intents, executions, swaps, void and dead intents and the
//! danger rule.

use hensoku::portal::howe::{self, Howe, Position as HowePosition};

/// The start's position string.
const START: &str = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR wA KQ/kq -/- - 0 1";

#[test]
fn start_perft_counts() {
    // White has the 20 orthodox moves in A, Black answers with its 20 in B. Then White
    // plays in B, where it has no king: e1 is empty, so Qe1 is a 21st move; likewise Black
    // in A has Qe8. No piece meets an enemy or can be declared before the fifth ply.
    let start = HowePosition::startpos();
    assert_eq!(howe::legal_moves(&start).len(), 20);
    assert!(
        howe::legal_moves(&start)
            .iter()
            .all(|p| matches!(p, howe::Ply::Normal(_)))
    );
    assert!(
        howe::legal_moves(&start)
            .iter()
            .all(|&p| howe::move_text(&start, p).starts_with(['A', 'n']))
    );
    for (depth, n) in [(1, 20), (2, 400), (3, 8_400), (4, 176_400)] {
        assert_eq!(howe::perft(&start, depth), n, "depth {depth}");
    }
    assert_eq!(start.to_string(), START);
}

fn pos(text: &str) -> HowePosition {
    text.parse().unwrap_or_else(|p| panic!("{text}: {p:?}"))
}

/// Play written plies one by one; each must resolve.
fn play(start: &HowePosition, plies: &[&str]) -> HowePosition {
    plies.iter().fold(start.clone(), |p, t| {
        p.after(howe::parse_move(&p, t).unwrap_or_else(|e| panic!("{t}: {e:?}")))
    })
}

fn texts(p: &HowePosition) -> Vec<String> {
    howe::legal_moves(p)
        .into_iter()
        .map(|m| howe::move_text(p, m))
        .collect()
}

#[test]
fn worked_example_reaches_the_rules_position() {
    let end = play(&HowePosition::startpos(), &["Ae4", "Ba5", "Bh4", "Ae5"]);
    assert_eq!(
        howe_fen(&end),
        "rnbq1bnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR rnbqkbnr/1ppppppp/8/p7/7P/8/PPPPPPP1/RNBQ1BNR wA KQ/kq e6/h3 - 0 3"
    );
    // the en passant target of A lasts until the next ply in A: White's d-pawn may take
    let end = play(&end, &["Ad4", "Bb5", "Bh5"]);
    assert_eq!(howe_fen(&end).split(' ').nth(4), Some("d3/-"));
}

#[test]
fn intent_then_execution_captures_on_the_linked_square() {
    let start = pos("8/8/8/8/R7/8/8/4K3 4k3/8/8/8/n7/8/8/8 wA -/- -/- - 0 1");
    assert!(texts(&start).contains(&"rAa4→?".to_string()));
    let declared = play(&start, &["rAa4→?"]);
    assert_eq!(howe_fen(&declared).split(' ').nth(5), Some("wAa4"));
    let waited = play(&declared, &["kBd8"]);
    // after an intent only its execution is legal, and a normal move is refused
    assert_eq!(texts(&waited), vec!["rAa4→xBa4"]);
    assert_eq!(
        howe::parse_move(&waited, "Bb3").unwrap_err().rule.name(),
        "ExecutionDue"
    );
    let done = play(&waited, &["rAa4->xBa4"]);
    assert_eq!(
        howe_fen(&done),
        "8/8/8/8/8/8/8/4K3 3k4/8/8/8/R7/8/8/8 bA -/- -/- - 0 2"
    );
}

#[test]
fn void_intent_forces_a_null_ply() {
    let start = pos("8/8/8/8/R7/8/8/4K3 4k3/8/8/8/N7/8/8/8 wA -/- -/- - 0 1");
    let declared = play(&start, &["rAa4→?", "kBd8"]);
    assert_eq!(howe_fen(&declared).split(' ').nth(5), Some("wAa4!"));
    assert_eq!(texts(&declared), vec!["--"]);
    assert_eq!(
        howe::parse_move(&declared, "rAa4→Ba4")
            .unwrap_err()
            .rule
            .name(),
        "VoidIntent"
    );
    play(&declared, &["(no move as piece in way)"]);
}

#[test]
fn captured_declared_piece_makes_the_execution_a_null_ply() {
    let start = pos("8/8/8/8/8/8/8/4K3 4k3/8/8/8/n7/8/8/R7 bB -/- -/- - 0 1");
    let taken = play(&start, &["nBa4→?", "rBxa4"]);
    assert_eq!(texts(&taken), vec!["--"]);
    assert_eq!(
        howe::parse_move(&taken, "nBa4→Aa4")
            .unwrap_err()
            .rule
            .name(),
        "DeadIntent"
    );
}

#[test]
fn simultaneous_intents_swap_as_in_the_source() {
    let text = "[Variant \"portal-howe\"]\n[FEN \"8/8/8/8/P7/8/8/4K3 4k3/8/8/8/p7/8/8/8 wA -/- -/- - 0 20\"]\n\n20: 'intent' 'intent' 21: Aa4→Ba4 Ba4→Aa4\n";
    let rec = &howe::read(text).unwrap()[0];
    let r = howe::validate(rec);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(
        howe_fen(&r.end),
        "8/8/8/8/p7/8/8/4K3 4k3/8/8/8/P7/8/8/8 wA -/- -/- - 1 22"
    );
    assert_eq!(r.movetext(false), "20:Aa4→? Ba4→? 21:Aa4→Ba4 Ba4→Aa4");
    // `--` is read for the swapped side's ply as well
    let alt = text.replace("Ba4→Aa4", "--");
    let r2 = howe::validate(&howe::read(&alt).unwrap()[0]);
    assert_eq!(r2.plies, r.plies);
}

#[test]
fn black_may_leave_its_king_in_check_in_the_area_it_plays_next() {
    // Black's king in A is attacked by the rook; Black plays B now and A before White does
    let start = pos("4k3/8/8/8/8/8/8/4R3 7r/8/8/8/8/8/8/K7 bB -/- -/- - 0 1");
    assert_eq!(howe::legal_moves(&start).len(), 14);
    let checked = play(&start, &["rBa8+"]);
    // White may never end a ply in check: only the king steps off the a-file (and the
    // mark says Black's king in A is still attacked)
    assert_eq!(texts(&checked), vec!["kBb1+", "kBb2+"]);
    let answered = play(&checked, &["kBb2"]);
    // now Black must get out in A: the four squares off the e-file
    let mut escapes = texts(&answered);
    escapes.sort();
    assert_eq!(escapes, vec!["kAd7", "kAd8", "kAf7", "kAf8"]);
    assert_eq!(
        howe::parse_move(&answered, "kAe7").unwrap_err().rule.name(),
        "KingInDanger"
    );
}

#[test]
fn no_stalemate_a_side_without_a_move_passes() {
    let start = pos("8/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 bA -/- -/- - 0 1");
    assert_eq!(texts(&start), vec!["--"]);
    let start = pos("8/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 wB -/- -/- - 0 1");
    assert_eq!(texts(&start), vec!["--"]);
}

#[test]
fn teleport_uncovering_a_check_in_the_area_left_is_mate() {
    // W10: Black's phase-1 execution opens the a-file on White's king in A; White plays B
    // next and A only after Black, so White has no legal ply at all
    let start = pos("r7/8/8/n7/8/8/8/K7 4k3/8/8/8/8/8/8/7R bB -/- -/- bAa5 0 1");
    assert_eq!(texts(&start), vec!["nAa5→Ba5#"]);
    let end = start.after(howe::legal_moves(&start)[0]);
    assert!(howe::legal_moves(&end).is_empty() && end.in_check());
}

#[test]
fn position_strings_refuse_what_cannot_be() {
    let bad = [
        (
            "8/8/8/8/8/8/8/4K3 8/8/8/8/8/8/8/8 wA -/- -/- - 0 1",
            "MissingKing",
        ),
        (
            "8/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/4K3 wA -/- -/- - 0 1",
            "TooManyKings",
        ),
        (
            "8/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 wA -/- -/- wAb4 0 1",
            "IntentOffPortal",
        ),
        (
            "R7/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 wB -/- -/- wBa4 0 1",
            "IntentOutOfTurn",
        ),
        (
            "8/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 wA Q/- -/- - 0 1",
            "BadCastlingRights",
        ),
        (
            "8/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 wA -/- e6/- - 0 1",
            "BadEnPassant",
        ),
        (
            "8/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 wA -/- -/- wAa4,wBa4 0 1",
            "TwoIntents",
        ),
        // White moved last (phase 2) and left its king attacked with Black next in A
        (
            "4r3/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 bA -/- -/- - 0 1",
            "KingInDanger",
        ),
        (
            "8/8/8/8/8/8/8/4K3 4k3/8/8/8/8/8/8/8 wC -/- -/- - 0 1",
            "Syntax",
        ),
    ];
    for (text, rule) in bad {
        let p = match text.parse::<howe::Setup>() {
            Err(p) => vec![p],
            Ok(setup) => <Howe as hensoku::Setup>::position(&setup, &[])
                .err()
                .unwrap_or_else(|| panic!("{text} was accepted")),
        };
        assert!(p.iter().any(|p| p.rule.name() == rule), "{text}: {p:?}");
    }
}

#[test]
fn en_passant_waits_for_the_next_ply_in_its_area() {
    // White's a-pawn double steps in B on phase 2; Black's next ply in B comes two plies
    // later (phases 3 and 0 are in A) and may still take it
    let before = play(
        &HowePosition::startpos(),
        &[
            "Ae3", "Bb5", "Bh3", "Ab6", "Ad3", "Bb4", "Ba4", "Ac6", "Ac3",
        ],
    );
    assert_eq!(howe_fen(&before).split(' ').nth(4), Some("-/a3"));
    let after = play(&before, &["Bbxa3"]);
    assert_eq!(
        howe_fen(&after).split(' ').nth(1),
        Some("rnbqkbnr/p1pppppp/8/8/8/p6P/1PPPPPP1/RNBQ1BNR")
    );
    // another ply in B instead lets it expire
    let later = play(&before, &["Bh6", "Bh4", "Ah6", "Ah3"]);
    assert_eq!(later.turn(), hensoku::chess::Color::Black);
    assert!(howe::parse_move(&later, "Bbxa3").is_err());
}

#[test]
fn castling_uses_the_rights_of_its_own_area() {
    let p = play(
        &HowePosition::startpos(),
        &[
            "nAf3", "Bh6", "Bh3", "Ah6", "Ag3", "Bg6", "Bg3", "Ag6", "bAg2", "Bf6", "Bf3", "Af6",
        ],
    );
    let castled = play(&p, &["AO-O"]);
    assert_eq!(howe_fen(&castled).split(' ').nth(3), Some("-/kq"));
    // White has no king and no rights in B
    assert!(
        howe::legal_moves(&p)
            .iter()
            .all(|&m| !howe::move_text(&p, m).contains("BO-O"))
    );
}

/// The position string.
fn howe_fen(pos: &HowePosition) -> String {
    pos.to_string()
}
