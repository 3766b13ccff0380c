// What the page says of instruments before any data: two same-named instruments told apart by their segment, an id
// the platform does not know listed as unknown, and an id of 2^53 or more refused in plain words naming it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { type BoardHarness, openBoard } from "./harness.js";

let h: BoardHarness;
before(async () => {
  h = await openBoard(
    { seed: 1, paused: true },
    {
      pick: (ids) => ids.slice(0, 10),
      board: { instrumentIds: [110010000002885n, 120010000500325n, 42n, 31010010000234230n] },
    },
  );
});
after(async () => {
  await h?.close();
});

test("before any message: segments shown, the unknown id named unknown, the large id refused by name", async () => {
  assert.equal(await h.page.textContent('tr[data-id="110010000002885"] th'), "RELIANCE NSECM");
  assert.equal(await h.page.textContent('tr[data-id="120010000500325"] th'), "RELIANCE BSECM");
  assert.equal(await h.page.textContent('tr[data-id="42"] th'), "Unknown instrument 42 id 42");
  assert.equal(await h.page.textContent('tr[data-id="42"] .ltp'), "not known to the platform");
  const refused = (await h.page.textContent("#refused")) ?? "";
  assert.match(
    refused,
    /^GOLD 26FEB FUT \(id 31010010000234230\) is not shown: its id is larger than a browser number/,
  );
  assert.doesNotMatch(refused, /2\^53/);
  assert.deepEqual(h.board.unknown, ["42"]);
  assert.deepEqual(
    h.board.refused.map((r) => r.id),
    ["31010010000234230"],
  );
});
