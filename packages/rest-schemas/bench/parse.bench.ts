// Parser measurement behind the choice in src/json.ts: our lossless parser against JSON.parse (lossy) and
// lossless-json (lossless), on a positions response and an LTP response. Run: pnpm bench (not part of the tests).
import { isSafeNumber, parse as losslessParse } from "lossless-json";
import { kinds, parseJson, stringifyJson } from "../src/index.js";
import { parseLossless } from "../src/json.js";
import { schemaOf } from "../test/helpers.js";

const record = (schemaOf("positionRecord").examples as Record<string, unknown>[])[0] as Record<string, unknown>;
const positions: Record<string, unknown[]> = {};
for (let c = 0; c < 20; c++) {
  positions[`CLIENT${c}`] = Array.from({ length: 50 }, (_, i) => ({
    ...record,
    instrument_id: 24091124420000000n + BigInt(c * 100 + i),
    avg_net: 2443.33 + i,
  }));
}
const ltpData: Record<string, unknown> = {};
for (let i = 0; i < 1000; i++) {
  const id = 1010010000002885n + BigInt(i) * 1000000000n;
  ltpData[String(id)] = { InstrumentID: id, InstrumentName: `INSTRUMENT ${i}`, LTP: 100 + i / 20 };
}
const inputs = {
  "positions (1000 records)": stringifyJson(positions),
  "ltp (1000 entries)": stringifyJson({ status: "success", data: ltpData }),
};

// lossless-json's own number parser choice: numbers when safe, bigint for unsafe integers.
const numberOrBigInt = (digits: string) => (isSafeNumber(digits) ? Number(digits) : BigInt(digits));

function measure(label: string, run: () => unknown): number {
  for (let i = 0; i < 30; i++) run();
  let iterations = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < 1000) {
    run();
    iterations++;
    elapsed = performance.now() - start;
  }
  const perCall = (elapsed / iterations) * 1000;
  console.log(`  ${label.padEnd(52)} ${perCall.toFixed(0).padStart(7)} us/parse`);
  return perCall;
}

for (const [name, text] of Object.entries(inputs)) {
  console.log(`${name}: ${(text.length / 1024).toFixed(0)} KiB`);
  const base = measure("JSON.parse (lossy, reference)", () => JSON.parse(text));
  const lossless = measure("lossless-json parse, number|bigint", () => losslessParse(text, null, numberOrBigInt));
  const ours = measure("parseLossless (ours, no validation)", () => parseLossless(text));
  const kind = name.startsWith("positions") ? "positions" : "ltpSuccess";
  const full = measure(`parseJson(text, "${kind}") (parse+validate+ids)`, () => parseJson(text, kinds[kind]));
  console.log(
    `  ours is ${(lossless / ours).toFixed(1)}x lossless-json, ${(ours / base).toFixed(1)}x JSON.parse; full pipeline ${(full / base).toFixed(1)}x JSON.parse`,
  );
}
