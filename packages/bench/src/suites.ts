// Decode and encode cases per subject, verified before they are handed to the timer.
import type { MarketDataMessageBase } from "@tickwire/proto";
import { type Decoder, makeDecoders, makeEncoders } from "./decoders.js";
import { type BenchCase, benchCase, type CaseFilter, type CaseResult } from "./measure.js";
import type { PairedRatio } from "./paired.js";
import type { PbjsMessage, PbjsType } from "./peers.js";
import { protobufjsLongs } from "./peers.js";
import { repeatsFor, type Subject } from "./subjects.js";
import { verifyDecoders, verifyEncoders } from "./verify.js";

export interface CaseContext extends CaseFilter {
  subjects: Subject[];
  pbjs: PbjsType;
}

export function decodeCases(ctx: CaseContext): BenchCase[] {
  const cases: BenchCase[] = [];
  for (const subject of ctx.subjects) {
    // Decoders are made per subject so a sabotaged one only lies where it was asked to.
    const decoders: Decoder[] = makeDecoders(ctx.pbjs, (name) => ctx.sabotage(`decode/${subject.name}/${name}`));
    const chosen = decoders.filter((d) => ctx.selected(`decode/${subject.name}/${d.name}`));
    if (chosen.length === 0) continue;
    verifyDecoders(subject.name, chosen, subject.frames, subject.messages);
    const list = subject.frames.length === 1 ? Array(repeatsFor(subject)).fill(subject.frames[0]) : subject.frames;
    const bytes = list.reduce((n: number, b: Uint8Array) => n + b.length, 0);
    for (const d of chosen) {
      cases.push(
        benchCase("decode", subject.name, d.name, {
          opsPerCall: list.length,
          bytesPerCall: bytes,
          fn: d.loop(list),
          setup: d.setup,
        }),
      );
    }
  }
  return cases;
}

export function encodeCases(ctx: CaseContext): BenchCase[] {
  const cases: BenchCase[] = [];
  for (const subject of ctx.subjects) {
    const repeats = repeatsFor(subject);
    protobufjsLongs(false);
    const pbjsMessages: PbjsMessage[] = subject.frames.map((f) => ctx.pbjs.decode(f));
    const messages: MarketDataMessageBase[] = subject.messages;
    const encoders = makeEncoders(messages, pbjsMessages, ctx.pbjs, repeats, (name) =>
      ctx.sabotage(`encode/${subject.name}/${name}`),
    );
    const chosen = encoders.filter((e) => ctx.selected(`encode/${subject.name}/${e.name}`));
    if (chosen.length === 0) continue;
    verifyEncoders(subject.name, chosen, subject.frames, messages);
    for (const e of chosen) {
      cases.push(
        benchCase("encode", subject.name, e.name, {
          opsPerCall: repeats * messages.length,
          bytesPerCall: repeats * subject.bytes,
          fn: e.loop,
          setup: e.setup,
        }),
      );
    }
  }
  return cases;
}

/**
 * Fills in vsProtobufEs / vsProtobufjs. Where the run interleaved one-variant processes
 * over rounds, each ratio is the median of the per-round ratios (rounds.ts): the figure
 * the target verdicts use, so table and verdicts agree. Without rounds (an --in-process
 * run) it divides the two cases' medians.
 */
export function addRatios(results: CaseResult[], interleaved: readonly PairedRatio[] = []): void {
  const ns = new Map(results.map((r) => [r.id, r.nsPerOp]));
  const published = new Map(interleaved.map((p) => [`${p.suite ?? "decode"}/${p.subject}/${p.fast} ${p.slow}`, p]));
  for (const r of results) {
    if (r.suite === "stream") continue;
    const ratio = (peer: string) => {
      const p = published.get(`${r.id} ${peer}`);
      if (p !== undefined) return p.ratio;
      const peerNs = ns.get(`${r.suite}/${r.subject}/${peer}`);
      return peerNs === undefined ? undefined : peerNs / r.nsPerOp;
    };
    r.vsProtobufEs = ratio("protobuf-es");
    r.vsProtobufjs = ratio("protobufjs");
  }
}
