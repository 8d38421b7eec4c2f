#!/bin/sh
# Side by side: hensoku and 5d-chess-js 1.2.1 replaying every .5dpgn of the 5D corpus and
# deciding checkmate on each final position. 5d-chess-js is installed into a temporary folder
# here; it is not a dependency of hensoku. Usage: bench/fived_vs_5dchessjs.sh [DATA_DIR]
set -eu
DATA=${1:-../shared/data/5d}
HERE=$(cd "$(dirname "$0")/.." && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cargo build --release --quiet --manifest-path "$HERE/Cargo.toml"
find "$DATA" -name '*.5dpgn' | sort > "$TMP/files"
echo "files: $(wc -l < "$TMP/files")"
start=$(date +%s.%N)
xargs -d '\n' "$HERE/target/release/hensoku" validate --game fived --json < "$TMP/files" > "$TMP/hensoku.jsonl" || true
end=$(date +%s.%N)
echo "hensoku: $(echo "$end - $start" | bc) s (replay, validation and final verdict of every file)"
(cd "$TMP" && npm init -y > /dev/null && npm install --silent 5d-chess-js@1.2.1 > /dev/null)
cat > "$TMP/run.js" <<'JS'
const Chess = require('5d-chess-js');
const fs = require('fs');
const files = fs.readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean);
const t0 = process.hrtime.bigint();
let ok = 0, failed = 0;
for (const f of files) {
  try {
    const chess = new Chess();
    chess.import(fs.readFileSync(f, 'utf8'));
    chess.inCheckmate;
    ok++;
  } catch (e) { failed++; }
}
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
console.log(`5d-chess-js: ${(ms / 1000).toFixed(3)} s (${ok} imported, ${failed} refused)`);
JS
node "$TMP/run.js" "$TMP/files"
