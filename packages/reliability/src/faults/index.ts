// pnpm reliability faults: every fault case of @tickwire/testkit/faults, many cycles each, through the fault proxy
// against a sandbox. Full: about 28 s per case (about 5 minutes); --quick: 3 cycles per case (about 20 s). Figures per
// case: cycles, recoveries, time to recover (p50, max), frames lost, decode errors, logins, leaked handles and
// listeners, heap growth.
import { createClient } from "@tickwire/client";
import { startSandbox } from "@tickwire/sandbox";
import { CASES, type CaseResult, type FaultDeps, runCase } from "@tickwire/testkit/faults";
import type { PartOptions, PartReport } from "../parts.js";

const deps = { createClient, startSandbox } as unknown as FaultDeps;

export interface CaseFigures {
  cycles: number;
  recoveries: number;
  recoverMsP50: number;
  recoverMsMax: number;
  messages: number;
  framesLost: number;
  decodeErrors: number;
  errorEvents: number;
  reconnects: number;
  logins: number;
  leakedHandles: Record<string, number>;
  handleGrowth: Record<string, number>;
  leakedListeners: number;
  heapGrowthBytes: number;
  errors: string[];
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export function figuresOf(result: CaseResult): CaseFigures {
  const times = result.cycles.filter((c) => c.recovered).map((c) => c.recoverMs);
  times.sort((a, b) => a - b);
  const sum = (pick: (c: CaseResult["cycles"][number]) => number) =>
    result.cycles.reduce((total, c) => total + pick(c), 0);
  return {
    cycles: result.cycles.length,
    recoveries: times.length,
    recoverMsP50: percentile(times, 50),
    recoverMsMax: times.at(-1) ?? 0,
    messages: sum((c) => c.messages),
    framesLost: sum((c) => c.framesLost),
    decodeErrors: sum((c) => c.decodeErrors),
    errorEvents: sum((c) => c.errorEvents),
    reconnects: sum((c) => c.reconnects),
    logins: sum((c) => c.logins),
    leakedHandles: result.leakedHandles,
    handleGrowth: result.handleGrowth,
    leakedListeners: result.leakedListeners,
    heapGrowthBytes: result.heapGrowthBytes,
    errors: result.errors,
  };
}

/** app_login calls a case may make per cycle: one after each revocation or expiry, none otherwise (no loop). */
const LOGINS_PER_CYCLE: Record<string, number> = { "token-revoked": 1, "token-expired": 1, "clock-behind": 1 };

/** Whether a case held: every cycle recovered, nothing lost, nothing leaked, no extra login. */
export function held(name: string, f: CaseFigures): boolean {
  const none = (counts: Record<string, number>) => Object.values(counts).every((n) => n === 0);
  const corruptReported = name !== "corrupt-protobuf" || (f.decodeErrors === f.cycles && f.reconnects === 0);
  return (
    f.errors.length === 0 &&
    f.logins <= (LOGINS_PER_CYCLE[name] ?? 0) * f.cycles &&
    corruptReported &&
    f.cycles > 0 &&
    f.recoveries === f.cycles &&
    f.framesLost === 0 &&
    none(f.leakedHandles) &&
    none(f.handleGrowth) &&
    f.leakedListeners === 0
  );
}

export async function run({ quick, log }: PartOptions): Promise<PartReport> {
  const cases: Record<string, CaseFigures> = {};
  for (const name of CASES) {
    const result = await runCase(name, deps, quick ? { cycles: 3 } : { cycles: 10_000, durationMs: 28_000 });
    const f = figuresOf(result);
    cases[name] = f;
    log(
      `faults ${name}: ${f.recoveries}/${f.cycles} recovered, p50 ${f.recoverMsP50} ms, max ${f.recoverMsMax} ms, ` +
        `${f.messages} messages, lost ${f.framesLost}, logins ${f.logins}, heap ${(f.heapGrowthBytes / 1024).toFixed(0)} KiB` +
        (held(name, f) ? "" : ` FAILED ${JSON.stringify(f)}`),
    );
  }
  const failed = Object.entries(cases).filter(([name, f]) => !held(name, f));
  const cycles = Object.values(cases).reduce((n, f) => n + f.cycles, 0);
  return {
    ok: failed.length === 0,
    summary:
      failed.length === 0
        ? `${CASES.length} fault cases, ${cycles} cycles: all recovered, no frame lost, no handle or listener leaked`
        : `failed: ${failed.map(([name]) => name).join(", ")}`,
    machine: "shared 2-core VM (other jobs running)",
    cases,
  };
}
