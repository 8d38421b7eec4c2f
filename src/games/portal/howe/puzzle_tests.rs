//! The Howe puzzle collection: each problem re-proved sound at its stated length on the
//! generic solver (one key, no shorter mate), its key read as written, its main line
//! replayed by the validator to a checkmate, and the portals shown to matter (the attacker
//! plays an intent or an execution, and cannot mate without them). One mate is delivered
//! by a ply in the area where the mated king does not stand. A unit test: it bars the
//! attacker from the portals through the solver's own `MateSearch`, which no library user
//! sees.

use crate::core::Game;
use crate::games::portal::howe::{self, HowePosition, Ply, fen, record, solve, validate, write};
use crate::games::portal::puzzle::parse_line;
use crate::solver::{Limits, MateSearch, Searcher, Verdict};

/// The same problem with the attacker barred from the portals (no intent, no execution).
#[derive(Clone)]
struct NoPortals(HowePosition);

impl Game for NoPortals {
    type Move = Ply;
    fn legal_moves(&self) -> Vec<Ply> {
        self.0.legal_moves()
    }
    fn after(&self, p: Ply) -> Self {
        NoPortals(self.0.after(p))
    }
    fn key(&self) -> u64 {
        self.0.key()
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
    }
    fn move_text(&self, p: Ply) -> String {
        self.0.move_text(p)
    }
}

impl MateSearch for NoPortals {
    fn attacker_moves(&self) -> Vec<Ply> {
        self.0
            .legal_moves()
            .into_iter()
            .filter(|p| !matches!(p, Ply::Intent(_) | Ply::Teleport(_)))
            .collect()
    }
}

#[test]
fn howe_puzzles_are_sound_and_need_the_portals() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/portal/howe.txt"
    ))
    .unwrap();
    let (mut checked, mut cross_area) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let p = parse_line(line).unwrap();
        let start = fen::parse(p.position).unwrap();
        let r = solve::solve(&start, p.mate_in, &Limits::default()).solution;
        assert_eq!(
            r.unique,
            Some(true),
            "{line}: {:?} keys, {:?}",
            r.keys,
            r.length
        );
        assert_eq!(r.keys, p.keys, "{line}");
        assert_eq!(
            write::move_text(&start, howe::ply(&start, p.keys[0]).unwrap(), false),
            p.keys[0]
        );
        // the attacker's plies of the main line use a portal, and without them there is no mate
        assert!(
            r.moves.iter().step_by(2).any(|m| m.contains('→')),
            "{line}: {:?}",
            r.moves
        );
        let mut barred: Searcher<NoPortals> = Searcher::new(1 << 16, Limits::default());
        assert_eq!(
            barred.prove(&NoPortals(start.clone()), 2 * p.mate_in - 1),
            Verdict::Disproven,
            "{line}"
        );
        // the main line, read back as a record, ends in checkmate of the defender
        let mut pos = start.clone();
        let mut plies = Vec::new();
        for m in &r.moves {
            let ply = howe::ply(&pos, m).unwrap();
            plies.push(ply);
            pos = pos.after(ply);
        }
        let game = format!(
            "[Variant \"portal-howe\"]\n[FEN \"{}\"]\n\n{}\n",
            p.position,
            write::movetext(&start, &plies, false)
        );
        let rep = validate::replay(&record::read(&game).unwrap()[0]);
        assert!(rep.problems.is_empty(), "{game}: {:?}", rep.problems);
        assert_eq!(rep.result.reason, "checkmate", "{game}");
        assert_eq!(
            rep.result.winner.as_deref(),
            Some(start.turn().name()),
            "{game}"
        );
        // the last ply was played in one area, the mated king stands in the other
        let before_last = plies[..plies.len() - 1]
            .iter()
            .fold(start.clone(), |p, &m| p.after(m));
        let (king_area, _) = rep.end.king(rep.end.turn()).unwrap();
        cross_area += usize::from(before_last.scheduled() != king_area);
        checked += 1;
    }
    assert!(checked >= 5);
    assert!(cross_area >= 1);
}
