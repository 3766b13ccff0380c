// `tickwire gen`: a synthetic capture from the sandbox's seeded simulator, deterministic for a given seed.
import { delimitBytes } from "@tickwire/codec";
import { type SubtypeCase, subtypeCases } from "@tickwire/proto";
import { type Command, Option } from "commander";
import { integer, positive } from "../argument-parsers.js";
import type { Io } from "../cli.js";
import { EXIT, type ExitCode, usageError } from "../exit-codes.js";
import { type Output, openOutput, reportTo } from "../io.js";

export interface GenOptions {
  count: number;
  seed: number;
  kinds?: readonly SubtypeCase[];
  framing: "delimited" | "base64";
  rate: number;
}

/** Resolves `--kinds` names (any letter case) to subtype cases; an unknown name is a usage error. */
export function parseKinds(list: string): SubtypeCase[] {
  const byLower = new Map(subtypeCases.map((name) => [name.toLowerCase(), name]));
  return list
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "")
    .map((name) => {
      const found = byLower.get(name.toLowerCase());
      if (found === undefined) throw usageError(`unknown kind '${name}': expected ${subtypeCases.join(", ")}`);
      return found;
    });
}

export async function genCommand(output: Output, options: GenOptions): Promise<number> {
  // Loaded here, so the other commands load no sandbox module at all; and the simulator's own entry, since the
  // package root would load the whole server (fastify, pino, jose, ws).
  const { MarketSimulator } = await import("@tickwire/sandbox/simulator");
  const simulator = new MarketSimulator({ seed: options.seed, rate: options.rate });
  const wanted = options.kinds === undefined ? undefined : new Set<string>(options.kinds);
  // Every kind the simulator makes shows up within a few hundred messages; the cap turns a kind it never makes
  // into an error instead of an endless loop.
  const maxSteps = Math.max(options.count * 200, 100_000);
  let written = 0;
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await output.write(Buffer.concat(batch, batchBytes));
    batch = [];
    batchBytes = 0;
  };
  for (let step = 0; written < options.count; step++) {
    if (step >= maxSteps) throw usageError(`the simulator produced no more ${[...(wanted ?? [])].join("/")} messages`);
    const frame = simulator.next();
    if (wanted !== undefined && !wanted.has(frame.message.subtype.case ?? "")) continue;
    const parts =
      options.framing === "base64"
        ? [Buffer.from(`${Buffer.from(frame.bytes).toString("base64")}\n`)]
        : [delimitBytes(frame.bytes)];
    for (const part of parts) {
      batch.push(part);
      batchBytes += part.length;
    }
    written++;
    if (batchBytes >= 1 << 16) await flush();
  }
  await flush();
  await output.close();
  return written;
}

export function registerGenCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  program
    .command("gen")
    .description("write a synthetic, deterministic capture from the sandbox's seeded market simulator")
    .requiredOption("--count <n>", "number of messages", integer("--count", 0))
    .option("--seed <n>", "simulator seed", integer("--seed", 0), 1)
    .option("--kinds <list>", "only these subtypes, comma-separated (e.g. TickData,MarketDepthMessage)", parseKinds)
    .option("--rate <n>", "simulated messages per second (spaces the timestamps)", positive("--rate"), 1000)
    .addOption(
      new Option("--framing <framing>", "delimited (varint length + message) or base64 (one frame a line)")
        .choices(["delimited", "base64"])
        .default("delimited"),
    )
    .option("--out <file>", "output file (default: stdout)")
    .action(
      async (opts: {
        count: number;
        seed: number;
        kinds?: ReturnType<typeof parseKinds>;
        rate: number;
        framing: "delimited" | "base64";
        out?: string;
      }) => {
        const written = await genCommand(openOutput(opts.out, io.stdout), opts);
        if (opts.out !== undefined) reportTo(io)(`wrote ${written} messages to ${opts.out}`);
        setExit(EXIT.OK);
      },
    );
}
