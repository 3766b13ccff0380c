// The intern table's hit rate is watched per place that reads strings (InternSite): a field whose
// strings never repeat stops paying for the table without stopping a field whose strings repeat,
// so whether a field's strings are interned does not depend on what else the process decodes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { InternSite, Reader, readString, Writer, writeString } from "../src/index.js";

function stringsOf(texts: string[]): Reader {
  const w = new Writer();
  for (const text of texts) writeString(w, text, "test");
  const r = new Reader();
  r.reset(w.buf.slice(0, w.pos), 0, w.pos, 0, 0);
  return r;
}

test("a site of unique strings pauses interning; a site of one repeated name beside it does not", () => {
  const unique = new InternSite();
  const repeated = new InternSite();
  const names = Array.from({ length: 600 }, (_, i) => `K${i.toString(36).padStart(6, "0")}`);
  // Interleaved, as one process decodes both fields; each read also checks the text.
  const texts = names.flatMap((name, i) => [name, `NIFTY${i % 2}`]);
  const r = stringsOf(texts);
  for (let i = 0; i < texts.length; i++) assert.equal(readString(r, i % 2 === 0 ? unique : repeated), texts[i]);
  assert.ok(unique.pausedFor > 0, "the unique strings' site pauses after a window with no hits");
  assert.equal(repeated.pausedFor, 0, "the repeated name's site keeps interning");
  assert.ok(repeated.hits > 0);
});

test("a paused site reads every string exactly, and so does the site without a name", () => {
  const site = new InternSite();
  const texts = Array.from({ length: 2000 }, (_, i) => `S${(i * 7919).toString(36)}`);
  const r = stringsOf([...texts, ...texts]);
  for (const text of [...texts, ...texts]) assert.equal(readString(r, site), text);
  assert.ok(site.pausedFor > 0);
  const unnamed = stringsOf(texts);
  for (const text of texts) assert.equal(readString(unnamed), text);
});
