// The published method: one decoder per process, processes interleaved over rounds.
//
// Per round every group (one decoder, or one encoder) runs in a fresh process that
// warms up its variant and times every subject it has; the order of the groups rotates
// each round (A B, then B A, ...) so drift in machine load falls on every side alike.
// A round's figure for a case is its mean over the timed window (time over operations,
// collections included: measure.ts says why not the median of its samples). A case's
// ns/op is the median over rounds of those figures; its ratio to a peer is the median
// over rounds of the per-round ratios (peer ns / this ns, both from the same round), each
// with the 95% interval of that median from order statistics. The case table's ratio
// columns and the target verdicts both read these ratios, so they cannot disagree.
import { type CaseResult, medianInterval } from "./measure.js";
import type { PairedRatio } from "./paired.js";

/** The peers every case is compared with: the case table's two ratio columns. */
export const PEERS = ["protobuf-es", "protobufjs"] as const;

/** The groups in round `round`'s order: rotated by one per round. */
export function rotation<T>(groups: readonly T[], round: number): T[] {
  const k = round % groups.length;
  return [...groups.slice(k), ...groups.slice(0, k)];
}

/** Runs every group once per round in rotated order; the results of each round, in round order. */
export async function runRounds(
  groups: readonly string[],
  rounds: number,
  runGroup: (group: string, round: number) => Promise<CaseResult[]>,
): Promise<CaseResult[][]> {
  const perRound: CaseResult[][] = [];
  for (let round = 0; round < rounds; round++) {
    const results: CaseResult[] = [];
    for (const group of rotation(groups, round)) results.push(...(await runGroup(group, round)));
    perRound.push(results);
  }
  return perRound;
}

export interface RoundsSummary {
  /** One result per case: the median over rounds of its per-round window means, with that median's interval. */
  cases: CaseResult[];
  /** Per case and peer: the median over rounds of peer ns / case ns, each round's pair from that round. */
  ratios: PairedRatio[];
}

function sortedNumbers(values: number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

export function summariseRounds(perRound: readonly CaseResult[][]): RoundsSummary {
  const byId = new Map<string, CaseResult[]>();
  for (const round of perRound) {
    for (const c of round) byId.set(c.id, [...(byId.get(c.id) ?? []), c]);
  }
  const cases: CaseResult[] = [];
  for (const runs of byId.values()) {
    const { median, low, high } = medianInterval(sortedNumbers(runs.map((r) => r.meanNsPerOp)));
    const first = runs[0];
    cases.push({
      id: first.id,
      suite: first.suite,
      subject: first.subject,
      variant: first.variant,
      nsPerOp: median,
      nsLow: low,
      nsHigh: high,
      moePercent: (((high - low) / 2) * 100) / median,
      opsPerSec: 1e9 / median,
      mbPerSec: (first.bytesPerOp / median) * 1e3,
      bytesPerOp: first.bytesPerOp,
      samples: runs.length,
      meanNsPerOp: median,
    });
  }

  const perPair = new Map<string, { peer: string; c: CaseResult; values: number[] }>();
  for (const round of perRound) {
    const ns = new Map(round.map((c) => [c.id, c.meanNsPerOp]));
    for (const c of round) {
      if (c.suite === "stream") continue;
      for (const peer of PEERS) {
        const peerNs = ns.get(`${c.suite}/${c.subject}/${peer}`);
        if (peer === c.variant || peerNs === undefined) continue;
        const key = `${c.id} ${peer}`;
        const entry = perPair.get(key) ?? { peer, c, values: [] };
        entry.values.push(peerNs / c.meanNsPerOp);
        perPair.set(key, entry);
      }
    }
  }
  const ratios: PairedRatio[] = [...perPair.values()].map(({ peer, c, values }) => {
    const { median, low, high } = medianInterval(sortedNumbers(values));
    return {
      suite: c.suite,
      subject: c.subject,
      slow: peer,
      fast: c.variant,
      ratio: median,
      low,
      high,
      rounds: values.length,
    };
  });
  return { cases, ratios };
}
