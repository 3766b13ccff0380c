// The README's distance-to-bound and mixed-process tables, from the committed result files:
// node dist/bounds/tables.js [results]   (reads bounds-node{20,24}.json, mixed-<schema>-node{20,24}.json)
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { MixedReport, MixedRow } from "../mixed/run.js";
import { DIRECTIONS } from "./cases.js";
import type { BoundRow, BoundsReport } from "./run.js";

export const NODES = ["20", "24"] as const;
const BOUND_GOAL = 1.25;
const MIXED_GOAL = 1.5;
/** Issue 33: at least 1.5x protobufjs's speed where it applies. */
const PEER_GOAL = 1.5;

function read<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : undefined;
}

/** "1.23x (1.10-1.40)", bold past the goal; blank where nothing was measured. */
export function cell(row: { ratio: number; low: number; high: number } | undefined, goal: number): string {
  if (row === undefined) return "";
  const text = `${row.ratio.toFixed(2)}x (${row.low.toFixed(2)}-${row.high.toFixed(2)})`;
  return row.ratio > goal ? `**${text}**` : text;
}

/**
 * One row per subject and direction: tickwire / bound, each peer / tickwire (the suites'
 * pairings: protobuf-es for decode, protobufjs for the number path, both for encode) and
 * mixed / alone, per runtime. Bold: above the goal (the bound), or below 1.5x (a peer).
 */
export function suiteTable(
  suite: "market-data" | "general",
  bounds: Partial<Record<string, BoundsReport>>,
  mixed: Partial<Record<string, MixedReport>>,
): string {
  const subjects: string[] = [];
  for (const node of NODES)
    for (const r of bounds[node]?.rows ?? [])
      if (r.suite === suite && !subjects.includes(r.subject)) subjects.push(r.subject);
  const bound = (node: string, subject: string, direction: string): BoundRow | undefined =>
    bounds[node]?.rows.find((r) => r.suite === suite && r.subject === subject && r.direction === direction);
  const peer = (node: string, subject: string, direction: string, name: string) => {
    const p = bound(node, subject, direction)?.peers?.find((x) => x.peer === name);
    if (p === undefined) return "";
    const text = `${p.ratio.toFixed(2)}x (${p.low.toFixed(2)}-${p.high.toFixed(2)})`;
    return p.ratio < PEER_GOAL ? `**${text}**` : text;
  };
  const mix = (node: string, subject: string, direction: string): MixedRow | undefined =>
    mixed[node]?.rows.find((r) => r.name === subject && r.direction === direction);
  const lines = [
    "| subject | direction | tickwire / bound, Node 20 | Node 24 | protobuf-es / tickwire, Node 20 | Node 24 | protobufjs / tickwire, Node 20 | Node 24 | mixed / alone, Node 20 | Node 24 |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const s of subjects) {
    for (const d of DIRECTIONS) {
      if (!NODES.some((n) => bound(n, s, d) !== undefined)) continue;
      const cells = [
        ...NODES.map((n) => cell(bound(n, s, d), BOUND_GOAL)),
        ...["protobuf-es", "protobufjs"].flatMap((p) => NODES.map((n) => peer(n, s, d, p))),
        ...NODES.map((n) => cell(mix(n, s, d), MIXED_GOAL)),
      ];
      lines.push(`| ${s} | ${d} | ${cells.join(" | ")} |`);
    }
  }
  return lines.join("\n");
}

export function mixedOnlyTable(mixed: Partial<Record<string, MixedReport>>): string {
  const names: { name: string; bytes: number }[] = [];
  for (const node of NODES)
    for (const r of mixed[node]?.rows ?? []) if (!names.some((n) => n.name === r.name)) names.push(r);
  const mix = (node: string, name: string, direction: string) =>
    mixed[node]?.rows.find((r) => r.name === name && r.direction === direction);
  const lines = [
    "| message | bytes (8 samples) | decode mixed / alone, Node 20 | Node 24 | encode mixed / alone, Node 20 | Node 24 |",
    "|---|---:|---|---|---|---|",
  ];
  for (const { name, bytes } of names) {
    const cells = ["decode", "encode"].flatMap((d) => NODES.map((n) => cell(mix(n, name, d), MIXED_GOAL)));
    lines.push(`| ${name} | ${bytes} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

function main(dir: string): void {
  const bounds = Object.fromEntries(NODES.map((n) => [n, read<BoundsReport>(join(dir, `bounds-node${n}.json`))]));
  const mixed = (schema: string) =>
    Object.fromEntries(NODES.map((n) => [n, read<MixedReport>(join(dir, `mixed-${schema}-node${n}.json`))]));
  console.log(`### Market data\n\n${suiteTable("market-data", bounds, mixed("market-data"))}\n`);
  console.log(`### General suite\n\n${suiteTable("general", bounds, mixed("general"))}\n`);
  console.log(`### Google's proto3 test schemas (mixed process only)\n\n${mixedOnlyTable(mixed("google"))}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv[2] ?? "results");
