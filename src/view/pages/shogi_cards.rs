//! The card-shogi page: each ply with its card letter, and under the board both sides'
//! unused cards and the active effects (invincible silver, D files) after it.

use super::solution::{self, Drawing, Solve};
use super::{Request, title};
use crate::file::FileError;
use crate::file::shogi_cards::{position, read};
use crate::shogi::Square;
use crate::shogi_cards::notation::{parse_sfen_c, ply_text, to_sfen_c};
use crate::shogi_cards::validate as replay;
use crate::shogi_cards::{Card, Color, drawing};
use crate::shogi_cards::{Move as CardMove, Position as CardPosition, Record as CardRecord};
use crate::view::{Illegal, Page, Ply};

/// Each card's Japanese name, for the letters' tooltips (rules §2.1).
const NAMES: [&str; 12] = [
    "女装・王",
    "転送・飛",
    "反射・角",
    "出世・金",
    "無敵・銀",
    "八方・桂",
    "弾道・香",
    "許二・歩",
    "熟成・果",
    "連続・技",
    "撤退・令",
    "懐柔・策",
];

pub(super) fn page(r: &Request) -> Result<Page, FileError> {
    let Some(input) = r.input else {
        let pos = position(r.position)?;
        let mut page = start_page(r, &pos);
        page.node_mut(0).panel = panel(&pos);
        return Ok(page);
    };
    let (text, rec) = read(input, r.from)?;
    let main = replay(&rec);
    let mut page = start_page(r, &rec.start);
    page.node_mut(0).panel = panel(&rec.start);
    if let Some(a) = &rec.annotations {
        page.headers = a.headers.clone();
        page.node_mut(0).comments = a.comments.clone();
    }
    let problem = main.problems.first().map(|p| {
        let ply = p.ply.unwrap_or(main.plies.len() + 1);
        let written = rec.plies.get(ply - 1).map(|(m, _)| ply_text(*m));
        let mut bad = super::illegal(p, &text);
        if let Some(w) = written {
            bad.text = format!("{ply} {w}");
        }
        bad
    });
    let nodes = page.add_line(0, 1, line(&rec, &rec.start, &main.plies, 0, None), problem);
    let main_nodes: Vec<usize> = std::iter::once(0).chain(nodes).collect();
    for (k, v) in rec.variations.iter().enumerate() {
        if v.ply == 0 || v.ply > main.plies.len() {
            page.notes.push(format!(
                "a variation at ply {} branches beyond the main line and is not shown",
                v.ply
            ));
            continue;
        }
        let mut branch = rec.clone();
        let spans = rec.plies[0].1;
        branch.plies.truncate(v.ply - 1);
        branch.plies.extend(v.plies.iter().map(|&m| (m, spans)));
        branch.variations.clear();
        let played = replay(&branch);
        let problem = played.problems.first().map(|p| {
            let ply = p.ply.unwrap_or(played.plies.len() + 1);
            Illegal {
                text: format!(
                    "{ply} {}",
                    branch
                        .plies
                        .get(ply - 1)
                        .map_or(String::new(), |(m, _)| ply_text(*m))
                ),
                rule: p.rule.name().to_string(),
                message: p.message.clone(),
            }
        });
        let plies = line(&rec, &rec.start, &played.plies, v.ply - 1, Some(k));
        page.add_line(main_nodes[v.ply - 1], v.ply, plies, problem);
    }
    Ok(page)
}

fn start_page(r: &Request, pos: &CardPosition) -> Page {
    Page::new(
        "shogi-cards",
        &title(r, "shogi-cards"),
        to_sfen_c(pos),
        drawing(pos, None),
    )
}

/// The plies from index `skip` on: card-letter text, SFEN-C, picture, the card panel, and
/// the time and comments the record gives them (of variation `variation`, when one).
fn line(
    rec: &CardRecord,
    start: &CardPosition,
    plies: &[CardMove],
    skip: usize,
    variation: Option<usize>,
) -> Vec<Ply> {
    let written = rec.annotations.as_ref().map(|a| match variation {
        None => (0, &a.moves),
        Some(k) => (a.variations[k].ply - 1, &a.variations[k].moves),
    });
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, &mv) in plies.iter().enumerate() {
        pos = pos.after(mv);
        if i < skip {
            continue;
        }
        let mut ply = Ply::new(
            format!("{} {}", i + 1, ply_text(mv)),
            to_sfen_c(&pos),
            drawing(&pos, Some(mv)),
        );
        ply.panel = panel(&pos);
        if let Some(w) = written.and_then(|(first, moves)| moves.get(i.checked_sub(first)?)) {
            ply.comments = w.comments.clone();
            ply.time = w.time.as_deref().map(|t| t.trim().to_string());
        }
        out.push(ply);
    }
    out
}

/// Both sides' cards (used ones struck through) and the effects in force.
fn panel(pos: &CardPosition) -> String {
    let mut s = String::from("<div class=\"cards\">");
    for (c, mark) in [(Color::Black, "☗"), (Color::White, "☖")] {
        s.push_str(&format!("<div>{mark} "));
        for card in Card::ALL {
            let used = if pos.cards(c).contains(card) {
                ""
            } else {
                " used"
            };
            s.push_str(&format!(
                "<span class=\"card{used}\" title=\"{}\">{}</span>",
                NAMES[card as usize],
                card.letter()
            ));
        }
        s.push_str("</div>");
    }
    s.push_str("</div>");
    let mut effects = Vec::new();
    if let Some(sq) = pos.invincible() {
        effects.push(format!("invincible silver (I) on {}", square(sq)));
    }
    for (c, mark) in [(Color::Black, "☗"), (Color::White, "☖")] {
        let files: Vec<String> = (1..=9u8)
            .filter(|&f| pos.d_file(c, f))
            .map(|f| f.to_string())
            .collect();
        if !files.is_empty() {
            effects.push(format!("{mark} D files {}", files.join(", ")));
        }
    }
    if !effects.is_empty() {
        s.push_str(&format!(
            "<div class=\"effect\">{}</div>",
            effects.join(" · ")
        ));
    }
    s
}

/// A square as USI writes it (`5e`).
fn square(sq: Square) -> String {
    format!("{}{}", sq.file(), (b'a' + sq.rank() - 1) as char)
}

/// The page of a solve of `sfen_c`, both sides' cards under each picture.
pub(super) fn solution(
    title: &str,
    sfen_c: &str,
    answer: &Solve,
    notes: &[String],
) -> Result<Page, FileError> {
    let start = position(Some(sfen_c))?;
    let d = Drawing::<crate::shogi_cards::ShogiCards> {
        game: "shogi-cards",
        position: &to_sfen_c,
        picture: &|p: &CardPosition, last: Option<(&CardPosition, CardMove)>| {
            drawing(p, last.map(|(_, m)| m))
        },
        text: None,
    };
    let mut page = solution::page(&d, title, &start, answer, notes);
    panels(&mut page);
    Ok(page)
}

/// Each node's cards and effects, read back from its position.
fn panels(page: &mut Page) {
    for i in 0..page.nodes().len() {
        if let Ok((pos, _)) = parse_sfen_c(&page.nodes()[i].position) {
            page.node_mut(i).panel = panel(&pos);
        }
    }
}
