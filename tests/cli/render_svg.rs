//! Every game's SVG picture is self-contained and needs no font beyond Latin letters and
//! digits: pieces and CJK labels are outlines (`<use>` of a `<path>` in `<defs>`), and every
//! reference points at a definition the file carries.

use crate::common::bin::{err, run};

/// The text of every `<text>` element.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = &t[t.find('>')? + 1..];
            Some(body[..body.find("</text>")?].to_string())
        })
        .collect()
}

/// The ids `href="#id"` refers to, and those defined.
fn refs_and_ids(svg: &str) -> (Vec<String>, Vec<String>) {
    let after = |key: &str| -> Vec<String> {
        svg.split(key)
            .skip(1)
            .filter_map(|t| t.split('"').next().map(str::to_string))
            .collect()
    };
    (after("href=\"#"), after(" id=\""))
}

fn picture(args: &[&str], name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("hensoku-render-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--svg", path.to_str().unwrap()]);
    let o = run(&all, None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let svg = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    svg
}

fn assert_font_free(svg: &str, what: &str) {
    for t in texts(svg) {
        assert!(
            t.chars().all(|c| (c as u32) < 0x100),
            "{what}: text `{t}` needs a font beyond Latin-1"
        );
    }
    let (refs, ids) = refs_and_ids(svg);
    for r in &refs {
        assert!(ids.contains(r), "{what}: #{r} is used but not defined");
    }
    for id in &ids {
        assert_eq!(
            ids.iter().filter(|i| *i == id).count(),
            1,
            "{what}: {id} defined twice"
        );
    }
}

#[test]
fn every_game_draws_its_pieces_without_a_font() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "--position",
                "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 11",
            ],
            "shogi",
        ),
        (&["--game", "shogi-cards"], "cards"),
        (&["--game", "shelt"], "shelt"),
        (&["--game", "chess"], "chess"),
        (&["--game", "portal-howe"], "howe"),
        (&["--game", "portal-hidden"], "hidden"),
        (&["--game", "portal-buckley"], "buckley"),
        (&["--game", "fived"], "fived"),
        (&["--game", "quantum"], "quantum"),
    ];
    for (args, name) in cases {
        let svg = picture(args, &format!("{name}.svg"));
        assert_font_free(&svg, name);
    }
}

#[test]
fn the_shogi_picture_draws_hands_and_kanji_as_outlines() {
    let svg = picture(
        &[
            "--position",
            "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 11",
        ],
        "hands.svg",
    );
    // 38 pieces on the board and one bishop in each hand
    assert_eq!(svg.matches("<use href=\"#h-sp-").count(), 38 + 2);
    // one outline for each kanji: 8 kinds, 9 rank numerals, 先 後 手
    assert_eq!(svg.matches("<path id=\"h-g").count(), 8 + 9 + 3);
}
