#!/bin/sh
# Side by side, in one run, on the same file: `hensoku validate -j 1` and `-j 2` against
# pgn-reader 0.29 driven by a visitor that resolves and plays every SAN move of the main
# line (examples/pgn_reader_validate.rs, shakmaty). The file is pgn-reader's own two
# benchmark files (lichess and TWIC, real games) concatenated COPIES times; then the same
# file zstd-compressed, validated from the .zst. CPU seconds are the figure to compare on
# a shared machine; peak RSS from /usr/bin/time.
# Usage: bench/pgn_vs_pgn_reader.sh [COPIES] [DATA_DIR]; COPIES defaults to 50 (about
# 100 MB, 77 400 games), DATA_DIR to ../shared/data/chess/pgn-reader-benches.
set -eu
HERE=$(cd "$(dirname "$0")/.." && pwd)
COPIES=${1:-50}
DATA=${2:-$HERE/../shared/data/chess/pgn-reader-benches}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cargo build --release --locked --quiet --manifest-path "$HERE/Cargo.toml"
cargo build --release --locked --quiet --manifest-path "$HERE/Cargo.toml" --example pgn_reader_validate
BIN=$HERE/target/release
i=0
while [ "$i" -lt "$COPIES" ]; do
  cat "$DATA/lichess_db_1000k.pgn" "$DATA/twic1599_1000k.pgn"
  i=$((i + 1))
done > "$TMP/games.pgn"
echo "input: $(wc -c < "$TMP/games.pgn") bytes, $(grep -c '^\[Event ' "$TMP/games.pgn") games"
measure() {
  name=$1; shift
  /usr/bin/time -f "$name: %U s user, %S s system, %e s wall, %M KB peak RSS" "$@" > "$TMP/out" 2> "$TMP/err" || true
  tail -n 1 "$TMP/out"
  tail -n 1 "$TMP/err"
}
measure pgn-reader "$BIN/examples/pgn_reader_validate" "$TMP/games.pgn"
measure "hensoku -j 1" "$BIN/hensoku" validate -j 1 --invalid-only "$TMP/games.pgn"
measure "hensoku -j 2" "$BIN/hensoku" validate -j 2 --invalid-only "$TMP/games.pgn"
zstd -q -3 "$TMP/games.pgn" -o "$TMP/games.pgn.zst"
echo "compressed: $(wc -c < "$TMP/games.pgn.zst") bytes"
measure "pgn-reader .zst" "$BIN/examples/pgn_reader_validate" "$TMP/games.pgn.zst"
measure "hensoku -j 2 .zst" "$BIN/hensoku" validate -j 2 --invalid-only "$TMP/games.pgn.zst"
# python-chess (pip install chess) is far slower: its read_game loop (every SAN resolved and
# played) on one copy, beside hensoku -j 1 on the same copy.
if python3 -c 'import chess.pgn' 2>/dev/null; then
  cat "$DATA/lichess_db_1000k.pgn" "$DATA/twic1599_1000k.pgn" > "$TMP/one.pgn"
  echo "one copy: $(wc -c < "$TMP/one.pgn") bytes, $(grep -c '^\[Event ' "$TMP/one.pgn") games"
  measure python-chess python3 -c '
import sys, chess.pgn
f = open(sys.argv[1], encoding="utf-8")
n = 0
while chess.pgn.read_game(f) is not None:
    n += 1
print(n, "games")' "$TMP/one.pgn"
  measure "hensoku -j 1 (one copy)" "$BIN/hensoku" validate -j 1 --invalid-only "$TMP/one.pgn"
fi
