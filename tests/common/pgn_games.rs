//! Large PGN inputs made at test time: games played by a fixed pseudo-random choice among
//! the legal moves, written with the library's own SAN (nothing taken from elsewhere).

use hensoku::chess::{Position, judge, legal_moves, move_text};

/// `n` games of up to `plies` plies each, the same for the same `seed`.
pub fn games(n: usize, plies: usize, seed: u64) -> String {
    let mut state = seed | 1;
    let mut next = move || {
        // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = String::new();
    for g in 0..n {
        out.push_str(&format!(
            "[Event \"generated\"]\n[Site \"hensoku tests\"]\n[Round \"{}\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n",
            g + 1
        ));
        let mut pos = Position::startpos();
        let mut played = Vec::new();
        let mut line = String::new();
        for ply in 0..plies {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            if ply % 2 == 0 {
                line.push_str(&format!("{}. ", ply / 2 + 1));
            }
            line.push_str(&move_text(&pos, m));
            line.push(' ');
            pos = pos.after(m);
            played.push(m);
            if line.len() > 70 {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
        }
        out.push_str(&line);
        // the result the rules give, so that every game is valid
        let judged = judge(&Position::startpos(), &played);
        let result = match (judged.reason.as_str(), judged.winner.as_deref()) {
            ("checkmate", Some("white")) => "1-0",
            ("checkmate", _) => "0-1",
            ("unfinished", _) => "*",
            _ => "1/2-1/2",
        };
        out.push_str(result);
        out.push_str("\n\n");
    }
    out
}
