// `tickwire inspect`: the wire view of each frame (field numbers, wire types, lengths, values), named from the
// schema where it knows the field and marked UNKNOWN where it does not: for debugging a feed that changed.
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import type { Command } from "commander";
import { integer } from "../argument-parsers.js";
import type { Io } from "../cli.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type Framing, frameProblem, framingOption, rawFrames } from "../frames.js";
import { type InputSource, type Output, openInput, openOutput, reportTo, withProgress } from "../io.js";
import type { ProgressStream } from "../progress.js";

const WIRE_TYPES = ["VARINT", "I64", "LEN", "SGROUP", "EGROUP", "I32", "?6", "?7"];

class WireError extends Error {}

export interface InspectOptions {
  framing: Framing;
  limit?: number;
}

/** Returns the number of frames that could not be walked to the end. */
export async function inspectCommand(
  input: InputSource,
  output: Output,
  report: (line: string) => void,
  options: InspectOptions,
  progressTo: ProgressStream,
): Promise<number> {
  let bad = 0;
  let seen = 0;
  for await (const event of rawFrames(
    withProgress(input, "inspect", () => seen, progressTo),
    options.framing,
  )) {
    if (options.limit !== undefined && seen >= options.limit) break;
    seen++;
    if ("error" in event) {
      bad++;
      report(frameProblem(input.name, event.error, event.line));
      continue;
    }
    const { frame } = event;
    const lines = [`frame ${frame.index} @${frame.offset}: ${frame.bytes.length} bytes`];
    try {
      walk(frame.bytes, 0, frame.bytes.length, MarketDataMessageBaseSchema, "  ", lines);
    } catch (error) {
      bad++;
      lines.push(`  !! ${(error as Error).message}`);
      report(`${input.name}: frame ${frame.index} at byte offset ${frame.offset}: ${(error as Error).message}`);
    }
    await output.write(`${lines.join("\n")}\n`);
  }
  await output.close();
  return bad;
}

export function inspectBytes(bytes: Uint8Array): string[] {
  const lines: string[] = [];
  walk(bytes, 0, bytes.length, MarketDataMessageBaseSchema, "", lines);
  return lines;
}

function walk(
  bytes: Uint8Array,
  start: number,
  end: number,
  schema: DescMessage | undefined,
  indent: string,
  out: string[],
): void {
  let pos = start;
  while (pos < end) {
    const at = pos;
    const [tag, afterTag] = varint(bytes, pos, end);
    pos = afterTag;
    const number = Math.floor(Number(tag) / 8);
    const wireType = Number(tag & 7n);
    const field = schema?.fields.find((f) => f.number === number);
    const name = field ? field.name : "UNKNOWN";
    const head = `${indent}@${at} #${number} ${WIRE_TYPES[wireType]} ${name}`;
    if (number === 0) throw new WireError(`invalid tag: field number 0 at byte ${at}`);
    switch (wireType) {
      case 0: {
        const [value, next] = varint(bytes, pos, end);
        pos = next;
        out.push(`${head} = ${formatVarint(value, field)}`);
        break;
      }
      case 1:
      case 5: {
        const width = wireType === 1 ? 8 : 4;
        need(bytes, pos, width, end);
        const float = field !== undefined && scalarName(field) === (width === 8 ? "double" : "float");
        out.push(`${head} = ${fixedValue(bytes, pos, width, float)}`);
        pos += width;
        break;
      }
      case 2: {
        const [length, next] = varint(bytes, pos, end);
        const size = Number(length);
        need(bytes, next, size, end);
        pos = next + size;
        const nested = field?.message;
        if (nested !== undefined) {
          out.push(`${head} len=${size} {`);
          walk(bytes, next, pos, nested, `${indent}  `, out);
          out.push(`${indent}}`);
        } else if (field && scalarName(field) === "string") {
          out.push(`${head} len=${size} = ${JSON.stringify(new TextDecoder().decode(bytes.subarray(next, pos)))}`);
        } else {
          out.push(
            `${head} len=${size} = ${hex(bytes.subarray(next, Math.min(pos, next + 32)))}${size > 32 ? " ..." : ""}`,
          );
        }
        break;
      }
      case 3:
      case 4:
        out.push(`${head} (group marker)`);
        break;
      default:
        throw new WireError(`invalid wire type ${wireType} at byte ${at}`);
    }
    if (field !== undefined && !wireTypeFits(field, wireType))
      out.push(`${indent}  ^ wire type does not match the schema`);
  }
}

function scalarName(field: DescField): string | undefined {
  const scalar = (field as { scalar?: number }).scalar;
  // protobuf-es ScalarType numbers: 1 double, 2 float, 9 string, 12 bytes.
  return scalar === 1
    ? "double"
    : scalar === 2
      ? "float"
      : scalar === 9
        ? "string"
        : scalar === 12
          ? "bytes"
          : undefined;
}

function wireTypeFits(field: DescField, wireType: number): boolean {
  if (field.message !== undefined || scalarName(field) === "string" || scalarName(field) === "bytes")
    return wireType === 2;
  if (scalarName(field) === "double") return wireType === 1 || wireType === 2;
  if (scalarName(field) === "float") return wireType === 5 || wireType === 2;
  return wireType === 0 || wireType === 1 || wireType === 5 || wireType === 2;
}

function formatVarint(value: bigint, field: DescField | undefined): string {
  const e = field?.enum;
  if (e !== undefined) {
    const v = e.values.find((x) => BigInt(x.number) === value);
    return `${value}${v ? ` (${v.name})` : " (unknown enum value)"}`;
  }
  return String(value);
}

function varint(bytes: Uint8Array, pos: number, end: number): [bigint, number] {
  let value = 0n;
  for (let i = 0; i < 10; i++) {
    if (pos + i >= end) throw new WireError(`truncated varint at byte ${pos}`);
    const byte = bytes[pos + i];
    value |= BigInt(byte & 0x7f) << BigInt(7 * i);
    if (byte < 0x80) return [value, pos + i + 1];
  }
  throw new WireError(`varint longer than 10 bytes at byte ${pos}`);
}

function need(bytes: Uint8Array, pos: number, size: number, end: number): void {
  if (pos + size > end || pos + size > bytes.length)
    throw new WireError(`truncated: ${size} bytes needed at byte ${pos}`);
}

/** The little-endian value of `width` bytes at `pos`: a float where the schema says so, else unsigned. */
function fixedValue(bytes: Uint8Array, pos: number, width: 4 | 8, float: boolean): number | bigint {
  const view = new DataView(bytes.buffer, bytes.byteOffset + pos, width);
  if (width === 8) return float ? view.getFloat64(0, true) : view.getBigUint64(0, true);
  return float ? view.getFloat32(0, true) : view.getUint32(0, true);
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(" ");

export function registerInspectCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  program
    .command("inspect")
    .description(
      "the raw wire view of each frame: field numbers, wire types, lengths and values; fields the schema does not know are marked UNKNOWN",
    )
    .argument("[file]", "input file, or - for stdin", "-")
    .addOption(framingOption())
    .option("--limit <n>", "stop after n frames", integer("--limit", 0))
    .action(async (file: string, opts: { framing: Framing; limit?: number }) => {
      const bad = await inspectCommand(
        openInput(file, io.stdin ?? process.stdin),
        openOutput(undefined, io.stdout),
        reportTo(io),
        opts,
        io.stderr,
      );
      setExit(bad > 0 ? EXIT.FAILURE : EXIT.OK);
    });
}
