// The fuzz targets: every public decoding path of @tickwire/codec, each judged
// against protobuf-es (directly, or through decodeMessage, which is itself judged).
import { isDeepStrictEqual } from "node:util";
import {
  DecodeError,
  decodeMessage,
  FrameDecoder,
  type Framing,
  type Int64Mode,
  ReusingDecoder,
  ViewDecoder,
} from "@tickwire/codec";
import { type Outcome, outcomeOf } from "@tickwire/testkit/outcome";
import { varint } from "@tickwire/testkit/wire";
import type fc from "fast-check";
import { type Int64Choice, inputs, type StreamCase } from "./inputs.js";
import { judge, normalise, reference, type Verdict } from "./oracle.js";
import { toHex } from "./wire.js";

/** A decode of these inputs takes microseconds; the bound catches hangs and blow-ups, not slowness. */
export const PER_MESSAGE_MS = 250;
/** A stream is up to seven frames, some with lists of 50. */
export const PER_STREAM_MS = 1000;

export interface Checked {
  verdict: Verdict | undefined;
  /** "accepted" or the error code (for a stream, of its corrupt frame). */
  outcome: string;
  /** Time spent in the codec alone (the reference and the oracle not counted). */
  ms: number;
}

export interface Target<T> {
  name: string;
  input: fc.Arbitrary<T>;
  /** The verdict (undefined: agrees) and what the target made of the input ("accepted" or an error code). */
  check(input: T): Checked;
  /** The input as it goes into the corpus. */
  record(input: T): unknown;
  perInputMs: number;
  /**
   * Its share of an execution count, relative to the others: a stream (3-7 frames, four
   * decoders' worth of checking) costs about four whole-message executions, and the
   * time-budgeted runs gave the two kinds about that ratio of executions.
   */
  executionWeight: number;
}

function wholeMessage(name: string, mode: Int64Choice, decode: (bytes: Uint8Array) => unknown): Target<Uint8Array> {
  return {
    name,
    input: inputs(mode === "number").decoderInput,
    perInputMs: PER_MESSAGE_MS,
    executionWeight: 4,
    check(bytes) {
      const started = performance.now();
      const decoded = outcomeOf(() => decode(bytes));
      const ms = performance.now() - started;
      const ours = decoded.ok ? outcomeOf(() => normalise(decoded.value, mode)) : decoded;
      return { verdict: judge(bytes, mode, ours, reference(bytes)), outcome: outcomeLabel(ours), ms };
    },
    record: (bytes) => ({ hex: toHex(bytes) }),
  };
}

const outcomeLabel = (o: Outcome): string => (o.ok ? "accepted" : ((o.error as DecodeError).code ?? "crash"));

function base64Of(bytes: Uint8Array, urlSafe: boolean): string {
  const text = Buffer.from(bytes).toString("base64");
  return urlSafe ? text.replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "") : text;
}

function spoil(text: string, how: StreamCase["textSpoil"]): string {
  if (how === "character") return `${text.slice(0, text.length >> 1)}!${text.slice(text.length >> 1)}`;
  const bare = text.replaceAll("=", "");
  return bare + ["A", "", "AAA", "AA"][bare.length % 4]; // a length of 4n + 1: no encoding has it
}

type Expected = { ok: true; value: unknown } | { ok: false; code: string; frameIndex: number };

interface Plan {
  pushes: (Uint8Array | string)[];
  expected: Expected[];
  /** Each frame decoded alone by decodeMessage (the corrupt one is also judged against protobuf-es). */
  alone: Outcome[];
}

function plan(framing: Framing, c: StreamCase, mode: Int64Choice): Plan {
  const alone = c.frames.map((frame) =>
    outcomeOf(() => normalise(decodeMessage(frame, { int64: mode as Int64Mode }), mode)),
  );
  const expected: Expected[] = alone.map((outcome, frameIndex) =>
    outcome.ok ? outcome : { ok: false, code: (outcome.error as DecodeError).code, frameIndex },
  );
  if (framing === "message") return { pushes: c.frames, expected, alone };
  if (framing === "base64") {
    const pushes = c.frames.map((frame, i) => {
      const text = base64Of(frame, c.urlSafe);
      return i === c.bad && c.textSpoil !== "none" ? spoil(text, c.textSpoil) : text;
    });
    if (c.textSpoil !== "none") expected[c.bad] = { ok: false, code: "INVALID_BASE64", frameIndex: c.bad };
    return { pushes, expected, alone };
  }
  const stream: number[] = [];
  const append = (bytes: ArrayLike<number>) => {
    for (let i = 0; i < bytes.length; i++) stream.push(bytes[i]);
  };
  for (const frame of c.frames) {
    append(varint(frame.length));
    append(frame);
  }
  const n = c.frames.length;
  if (c.tail === "cut") {
    stream.push(...varint(10), 1, 2, 3);
    expected.push({ ok: false, code: "TRUNCATED", frameIndex: n });
  } else if (c.tail === "huge") {
    stream.push(...varint(2 ** 40), 8, 1, 0x29);
    expected.push({ ok: false, code: "FRAME_TOO_LARGE", frameIndex: n });
  } else if (c.tail === "overlong") {
    stream.push(...new Array(11).fill(0x80), 1, 2);
    expected.push({ ok: false, code: "VARINT_TOO_LONG", frameIndex: n });
  }
  const bytes = new Uint8Array(stream);
  const cuts = [...new Set(c.cuts.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);
  const pushes: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut < from) continue;
    pushes.push(bytes.slice(from, cut)); // empty chunks included: a decoder must take them
    from = cut;
  }
  return { pushes, expected, alone };
}

type Flavour = "push" | "reuse" | "view";

/** One stream through a fresh decoder: every good frame delivered in order, every bad one reported once, in place. */
function streamTarget(framing: Framing, flavour: Flavour): Target<StreamCase> {
  const name =
    flavour === "view"
      ? `ViewDecoder.pushEach/${framing}`
      : `FrameDecoder/${framing}${flavour === "reuse" ? "/reuse" : ""}`;
  return {
    name,
    input: inputs(flavour === "view").streamCase,
    perInputMs: PER_STREAM_MS,
    executionWeight: 1,
    record: (c) => ({ ...c, framing, flavour, frames: c.frames.map(toHex) }),
    check(c) {
      const mode: Int64Choice = flavour === "view" ? "number" : c.int64;
      const { pushes, expected, alone } = plan(framing, c, mode);
      const delivered: unknown[] = [];
      const errors: DecodeError[] = [];
      const onError = (e: DecodeError) => errors.push(e);
      const started = performance.now();
      const ran: Outcome = outcomeOf(() => {
        if (flavour === "view") {
          const views = new ViewDecoder({ framing, onError });
          for (const chunk of pushes) views.pushEach(chunk, (v) => delivered.push(normalise(v.toObject(), mode)));
          views.end();
        } else if (flavour === "reuse") {
          const frames = new FrameDecoder({ framing, int64: mode as Int64Mode, onError, reuse: true });
          for (const chunk of pushes) frames.pushEach(chunk, (m) => delivered.push(normalise(m, mode)));
          frames.end();
        } else {
          const frames = new FrameDecoder({ framing, int64: mode as Int64Mode, onError });
          for (const chunk of pushes) for (const m of frames.push(chunk)) delivered.push(normalise(m, mode));
          frames.end();
        }
      });
      // Includes normalising the delivered frames: small next to decoding, and it must happen inside the visitor.
      const ms = performance.now() - started;
      const outcome = `${delivered.length} delivered, errors: ${errors.map((e) => e.code).join(" ") || "none"}`;
      const verdict = (v: Verdict | undefined) => ({ verdict: v, outcome, ms });
      if (!ran.ok) {
        const error = ran.error as Error;
        return verdict(
          error instanceof DecodeError
            ? { kind: "threw-despite-onError", code: error.code, detail: error.message }
            : { kind: "crash", code: error?.name, detail: String(error?.message ?? error) },
        );
      }
      const good = expected.filter((e) => e.ok).map((e) => (e as { value: unknown }).value);
      const bad = expected.flatMap((e) => (e.ok ? [] : [{ code: e.code, frameIndex: e.frameIndex }]));
      const gotErrors = errors.map((e) => ({ code: e.code, frameIndex: e.frameIndex }));
      if (!isDeepStrictEqual(gotErrors, bad))
        return verdict({
          kind: "errors-differ",
          detail: `expected ${JSON.stringify(bad)}, got ${JSON.stringify(gotErrors)}`,
        });
      if (delivered.length !== good.length)
        return verdict({
          kind: "frames-lost-or-added",
          detail: `expected ${good.length} frames, got ${delivered.length}`,
        });
      if (!isDeepStrictEqual(delivered, good)) return verdict({ kind: "frame-changed", detail: "a frame differs" });
      // The corrupt frame itself, against protobuf-es.
      const badFrame = c.frames[c.bad];
      return {
        verdict: judge(badFrame, mode, alone[c.bad], reference(badFrame)),
        outcome: `bad frame: ${outcomeLabel(alone[c.bad])}`,
        ms,
      };
    },
  };
}

export function targets(): Target<never>[] {
  const reusing = { bigint: new ReusingDecoder(), number: new ReusingDecoder({ int64: "number" }) };
  const views = new ViewDecoder();
  const list: Target<never>[] = [];
  const add = <T>(t: Target<T>) => list.push(t as unknown as Target<never>);
  for (const mode of ["bigint", "string", "number"] as const)
    add(wholeMessage(`decodeMessage/${mode}`, mode, (b) => decodeMessage(b, { int64: mode as Int64Mode })));
  add(wholeMessage("ReusingDecoder/bigint", "bigint", (b) => reusing.bigint.decode(b)));
  add(wholeMessage("ReusingDecoder/number", "number", (b) => reusing.number.decode(b)));
  add(wholeMessage("ViewDecoder.decode", "number", (b) => views.decode(b).toObject()));
  for (const framing of ["delimited", "message", "base64"] as const) add(streamTarget(framing, "push"));
  add(streamTarget("delimited", "reuse"));
  for (const framing of ["delimited", "message", "base64"] as const) add(streamTarget(framing, "view"));
  return list;
}
