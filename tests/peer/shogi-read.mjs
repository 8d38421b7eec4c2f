// Reads shogi records with tsshogi, an independent reader, for hensoku's round-trip test
// (tests/shogi/realworld.rs). Usage: node shogi-read.mjs FILE...
// For each file, one JSON line: the start, the main line's moves (USI) and final
// position, and every move of every branch as "ply|position before|usi", so that the
// test can compare the whole tree with hensoku's.
//
// Decoding follows Kakinoki's and the CSA standard's rules, as a real reader would:
// .kif/.ki2 are Shift_JIS unless the first line is `#KIF version=2.0 encoding=UTF-8`,
// .kifu/.ki2u are UTF-8, a CSA file names its encoding (`'CSA encoding=…`) or is read
// as UTF-8 when it is valid UTF-8 and as Shift_JIS otherwise.
import { readFileSync } from "node:fs";
import { importCSA, importKI2, importKIF, Move, Record } from "tsshogi";

function decode(path, bytes) {
  const ext = path.split(".").pop().toLowerCase();
  const utf8 = (b) => new TextDecoder("utf-8", { fatal: true }).decode(b);
  const sjis = (b) => new TextDecoder("shift_jis", { fatal: true }).decode(b);
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 64));
  if (ext === "kifu" || ext === "ki2u") return utf8(bytes);
  if (ext === "kif" || ext === "ki2") {
    return /^(\ufeff|\xef\xbb\xbf)?#KIF version=2\.0 encoding=UTF-8/i.test(head)
      ? utf8(bytes)
      : sjis(bytes);
  }
  const declared = /^'CSA encoding=(\S+)/.exec(head);
  if (declared) return new TextDecoder(declared[1], { fatal: true }).decode(bytes);
  try {
    return utf8(bytes);
  } catch {
    return sjis(bytes);
  }
}

function importer(ext) {
  return ext === "csa" ? importCSA : ext.startsWith("ki2") ? importKI2 : importKIF;
}

// The first record of a USI or SFEN file (one a line): `position …`, or a bare SFEN.
function firstUSI(text) {
  const line = text.split("\n").find((l) => l.trim() !== "" && !l.startsWith("#"));
  const usi = /^(position|startpos|sfen)\b/.test(line.trim()) ? line.trim() : `sfen ${line.trim()}`;
  return Record.newByUSI(usi);
}

function read(path) {
  // line ends as hensoku reads them (tsshogi itself splits at LF and CR LF only)
  const text = decode(path, readFileSync(path))
    .replace(/^\ufeff/, "")
    .replace(/\r\r?\n|\r/g, "\n");
  const ext = path.split(".").pop().toLowerCase();
  const record = ext === "usi" || ext === "sfen" ? firstUSI(text) : importer(ext)(text);
  if (record instanceof Error) throw record;
  const start = record.initialPosition.sfen;
  const moves = [];
  for (const node of record.moves) {
    if (node.move instanceof Move) moves.push(node.move.usi);
  }
  record.goto(record.moves.length - 1);
  const end = record.position.sfen;
  const nodes = [];
  record.forEach((node) => {
    if (node.move instanceof Move && node.prev) {
      nodes.push(`${node.ply}|${node.prev.sfen}|${node.move.usi}`);
    }
  });
  return { start, moves, end, nodes };
}

for (const path of process.argv.slice(2)) {
  let line;
  try {
    line = { file: path, ok: true, ...read(path) };
  } catch (e) {
    line = { file: path, ok: false, error: String(e && e.message ? e.message : e) };
  }
  process.stdout.write(JSON.stringify(line) + "\n");
}
