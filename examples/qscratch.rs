use hensoku::games::quantum::{movegen, notation::qfen, Position};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos = if args.len() > 1 && args[1] != "start" { qfen::parse_position(&args[1]).unwrap() } else { Position::startpos() };
    println!("{}", qfen::to_qfen(&pos));
    let ms = movegen::legal_moves(&pos);
    println!("{} {}", ms.len(), ms.iter().map(|m| m.text.as_str()).collect::<Vec<_>>().join(" "));
    if args.len() > 2 {
        let d: u32 = args[2].parse().unwrap();
        for i in 1..=d { let t = std::time::Instant::now(); println!("perft {i} = {} ({:?})", movegen::perft(&pos, i), t.elapsed()); }
    }
}
