fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3);
    let pos = hensoku::games::shogi::Position::startpos();
    let t = std::time::Instant::now();
    let n = hensoku::games::shogi::movegen::perft(&pos, depth);
    println!("{n} {:?}", t.elapsed());
}
