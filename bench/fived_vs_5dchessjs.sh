#!/bin/sh
# Side by side: hensoku and 5d-chess-js 1.2.1 replaying every .5dpgn of the 5D corpus and
# deciding checkmate on each final position, one process per file for both tools, each file
# limited to LIMIT seconds (5d-chess-js never answers on some hard games). 5d-chess-js is
# installed into a temporary folder here; it is not a dependency of hensoku.
# Usage: bench/fived_vs_5dchessjs.sh [DATA_DIR] [LIMIT]; DATA_DIR defaults to data/5d of the
# public test data beside the repository (HENSOKU_TEST_DATA, else ../shared/data/tests).
set -eu
HERE=$(cd "$(dirname "$0")/.." && pwd)
PUBLIC=${HENSOKU_TEST_DATA:-}
case $PUBLIC in "" | require) PUBLIC=$HERE/../shared/data/tests ;; esac
DATA=${1:-$PUBLIC/data/5d}
LIMIT=${2:-30}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cargo build --release --quiet --manifest-path "$HERE/Cargo.toml"
find "$DATA" -name '*.5dpgn' | sort > "$TMP/files"
echo "files: $(wc -l < "$TMP/files"), limit ${LIMIT} s per file"
(cd "$TMP" && npm init -y > /dev/null && npm install --silent 5d-chess-js@1.2.1 > /dev/null)
cat > "$TMP/one.js" <<'JS'
const Chess = require('5d-chess-js');
const chess = new Chess();
chess.import(require('fs').readFileSync(process.argv[2], 'utf8'));
console.log(chess.inCheckmate ? 'checkmate' : (chess.inStalemate ? 'stalemate' : 'playing'));
JS
# run NAME COMMAND...: each file under the time limit; total seconds, files over the limit.
run() {
  name=$1; shift
  total=0; over=0; slowest=0; slow_file=
  while IFS= read -r f; do
    s=$(date +%s.%N)
    timeout "$LIMIT" "$@" "$f" > /dev/null 2>&1 || [ $? -ne 124 ] || over=$((over + 1))
    e=$(echo "$(date +%s.%N) - $s" | bc)
    total=$(echo "$total + $e" | bc)
    if [ "$(echo "$e > $slowest" | bc)" = 1 ]; then slowest=$e; slow_file=$(basename "$f"); fi
  done < "$TMP/files"
  printf '%s: %.2f s in all, %d file(s) over %s s, slowest %.2f s (%s)\n' "$name" "$total" "$over" "$LIMIT" "$slowest" "$slow_file"
}
run hensoku "$HERE/target/release/hensoku" validate --game fived --json
run 5d-chess-js node "$TMP/one.js"
