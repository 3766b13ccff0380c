// The three outputs of a run: a terminal table, the JSON result file, and a Markdown
// report with an SVG bar chart of the ratios.
import { DESCRIPTIONS } from "./decoders.js";
import { GENERAL_DESCRIPTIONS } from "./general/cases.js";
import type { CaseResult } from "./measure.js";
import type { Results, Target } from "./results.js";

const ratio = (r: number | undefined) => (r === undefined ? "" : `${r.toFixed(2)}x`);
const caseRatio = (c: CaseResult, peer: string) => ratio(peer === "protobuf-es" ? c.vsProtobufEs : c.vsProtobufjs);
/** What the ratio columns are, by how the run measured them. */
function ratioLegend(results: Results): string {
  return results.method === "in-process"
    ? "--in-process run: every case timed in one process, ratios divide two medians; the published figures come from the default, interleaved run"
    : `one variant per process, processes interleaved over ${roundsOf(results)} rounds (order rotated each round); ns/op: the median of the rounds' window means (time over operations, collections included); ratios: the median of the per-round ratios (peer and case from the same round), the figure the targets use`;
}
const roundsOf = (results: Results) => results.settings.rounds ?? "the";
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ns = (n: number) => (n >= 100 ? int(n) : n.toFixed(1));

function rows(results: Results): string[][] {
  return results.cases.map((c) => [
    c.id,
    int(c.opsPerSec),
    ns(c.nsPerOp),
    `±${c.moePercent.toFixed(1)}%`,
    c.mbPerSec.toFixed(1),
    caseRatio(c, "protobuf-es"),
    caseRatio(c, "protobufjs"),
  ]);
}

const HEAD = ["case", "ops/s", "ns/op", "±median", "MB/s", "vs protobuf-es", "vs protobufjs"];

function pad(table: string[][]): string {
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  return table
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "))
    .join("\n");
}

export function terminalReport(results: Results): string {
  const e = results.environment;
  const out = [
    `node ${e.node} (V8 ${e.v8}), ${e.cpu} x${e.cores}, commit ${e.commit.slice(0, 10)}${e.dirty ? " (dirty)" : ""}, ${results.mode} run, ${results.seconds.toFixed(0)} s`,
    "ns/op: median; ±median: half the 95% interval of the median; ratios: peer ns / this ns (above 1 is faster)",
    ratioLegend(results),
    "",
    pad([HEAD, ...rows(results)]),
  ];
  if (results.allocations.length > 0) {
    out.push(
      "",
      pad([["allocation", "bytes/message"], ...results.allocations.map((a) => [a.id, a.bytesPerMessage.toFixed(0)])]),
    );
  }
  if (results.targets.length > 0) {
    out.push(
      "",
      pad([
        ["target", "subject", "ratio", "95% interval", "method", "in-process", "goal", "verdict"],
        ...results.targets.map((t) => [
          t.name,
          t.subject,
          t.ratio.toFixed(2),
          interval(t),
          t.method,
          t.inProcess === undefined ? "" : t.inProcess.toFixed(2),
          `${t.better === "higher" ? ">=" : "<="} ${t.goal}`,
          t.verdict,
        ]),
      ]),
    );
  }
  for (const w of results.warnings ?? []) out.push(`warning: ${w}`);
  return out.join("\n");
}

function interval(t: Target): string {
  return t.low === undefined || t.high === undefined ? "" : `${t.low.toFixed(2)}-${t.high.toFixed(2)}`;
}

function mdTable(head: string[], body: string[][]): string {
  const align = head.map((_, i) => (i === 0 ? "---" : "---:"));
  return [head, align, ...body].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

/** Decode ratios to protobuf-es, one bar per subject and decoder. */
export function ratioChart(cases: CaseResult[]): string {
  const bars = cases.filter((c) => c.suite === "decode" && c.variant !== "protobuf-es" && c.vsProtobufEs !== undefined);
  const max = Math.max(1, ...bars.map((b) => b.vsProtobufEs as number));
  const left = 260;
  const width = 440;
  const row = 16;
  const top = 40;
  const height = top + bars.length * row + 30;
  const colours: Record<string, string> = {
    codec: "#1f77b4",
    "codec-number": "#2ca02c",
    tickwire: "#1f77b4",
    "tickwire-number": "#2ca02c",
    "codec-reuse": "#17becf",
    "codec-view": "#bcbd22",
    protobufjs: "#ff7f0e",
    "protobufjs-long": "#d62728",
    "skip-scan": "#7f7f7f",
  };
  const x = (v: number) => left + (v / max) * width;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${left + width + 70}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<text x="10" y="18" font-size="13" font-weight="bold">Decode speed relative to protobuf-es fromBinary (higher is faster)</text>`,
  ];
  bars.forEach((b, i) => {
    const y = top + i * row;
    const v = b.vsProtobufEs as number;
    parts.push(
      `<text x="${left - 6}" y="${y + 11}" text-anchor="end">${b.subject} · ${b.variant}</text>`,
      `<rect x="${left}" y="${y + 2}" width="${(x(v) - left).toFixed(1)}" height="${row - 4}" fill="${colours[b.variant] ?? "#999"}"/>`,
      `<text x="${(x(v) + 4).toFixed(1)}" y="${y + 11}">${v.toFixed(2)}x</text>`,
    );
  });
  const one = x(1).toFixed(1);
  const bottom = top + bars.length * row;
  parts.push(
    `<line x1="${one}" y1="${top - 4}" x2="${one}" y2="${bottom}" stroke="#000" stroke-dasharray="3,2"/>`,
    `<text x="${one}" y="${bottom + 14}" text-anchor="middle">1x = protobuf-es</text>`,
    `<line x1="${x(3).toFixed(1)}" y1="${top - 4}" x2="${x(3).toFixed(1)}" y2="${bottom}" stroke="#1f77b4" stroke-dasharray="1,3"/>`,
    `<text x="${x(3).toFixed(1)}" y="${top - 8}" text-anchor="middle" fill="#1f77b4">3x target</text>`,
    "</svg>",
  );
  return `${parts.join("\n")}\n`;
}

export function markdownReport(results: Results, chartFile: string): string {
  const e = results.environment;
  const bySuite = (suite: string) => results.cases.filter((c) => c.suite === suite);
  const sections = [
    `# @tickwire/bench results: ${results.suite === "general" ? "general suite" : "market data"}, Node ${e.node}`,
    "",
    `${results.createdAt}, ${results.mode} run in ${results.seconds.toFixed(0)} s. ${e.cpu} x${e.cores}, ${e.memoryGiB} GiB, ${e.platform}/${e.arch}, V8 ${e.v8}, commit \`${e.commit.slice(0, 12)}\`${e.dirty ? " with uncommitted changes" : ""}.`,
    `Libraries: ${Object.entries(e.libraries)
      .map(([n, v]) => `${n} ${v}`)
      .join(", ")}.`,
    "",
    "ns/op is the median; ± is half the 95% confidence interval of that median; ratios are the peer's ns/op divided by this case's (above 1 is faster than the peer). Run-to-run noise on a shared 2-core machine is 20-50% per case: compare ratios from one run, not absolute figures across runs.",
    "",
    `Ratios: ${ratioLegend(results)}.`,
    "",
    "## Targets",
    "",
    "`interleaved`: the case table's ratio (one variant per process, processes interleaved over rounds, the median of the per-round ratios with its 95% interval). `in-process`: both sides timed in one process, alternating short rounds: the stream target's method, and for the others a cross-check column that can flatter one side. `table`: a ratio of two medians (an --in-process run).",
    "",
    mdTable(
      ["target", "subject", "ratio", "95% interval", "method", "in-process", "goal", "verdict"],
      results.targets.map((t) => [
        t.name,
        t.subject,
        `${t.ratio.toFixed(2)}x`,
        interval(t),
        t.method,
        t.inProcess === undefined ? "" : `${t.inProcess.toFixed(2)}x`,
        `${t.better === "higher" ? "≥" : "≤"} ${t.goal}`,
        `**${t.verdict}**`,
      ]),
    ),
    ...(results.warnings ?? []).flatMap((w) => ["", `**Warning:** ${w}.`]),
    "",
    `![decode ratios](${chartFile})`,
  ];
  for (const suite of ["decode", "encode", "stream"]) {
    const cases = bySuite(suite);
    if (cases.length === 0) continue;
    sections.push(
      "",
      `## ${suite}`,
      "",
      mdTable(
        suite === "stream"
          ? ["case", "messages/s", "ns/message", "±", "MB/s"]
          : HEAD.map((h) => (h === "±median" ? "±" : h)),
        cases.map((c) =>
          suite === "stream"
            ? [c.id, int(c.opsPerSec), ns(c.nsPerOp), `${c.moePercent.toFixed(1)}%`, c.mbPerSec.toFixed(1)]
            : [
                c.id,
                int(c.opsPerSec),
                ns(c.nsPerOp),
                `${c.moePercent.toFixed(1)}%`,
                c.mbPerSec.toFixed(1),
                caseRatio(c, "protobuf-es"),
                caseRatio(c, "protobufjs"),
              ],
        ),
      ),
    );
  }
  if (results.allocations.length > 0) {
    sections.push(
      "",
      "## allocation",
      "",
      "Bytes allocated on the V8 heap per decoded message (see the README for the method and its limits).",
      "",
      mdTable(
        ["case", "bytes/message", "messages/window", "clean windows"],
        results.allocations.map((a) => [
          a.id,
          a.bytesPerMessage.toFixed(0),
          String(a.messagesPerWindow),
          String(a.windows),
        ]),
      ),
    );
  }
  sections.push(
    "",
    "## Decoders",
    "",
    ...Object.entries(results.suite === "general" ? GENERAL_DESCRIPTIONS : DESCRIPTIONS).map(
      ([n, d]) => `- \`${n}\`: ${d}`,
    ),
    "",
    `Settings: \`${JSON.stringify(results.settings)}\``,
    "",
  );
  return sections.join("\n");
}
