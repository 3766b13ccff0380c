// Where commands read from and write to: a file or standard input, in chunks, with a progress bar for long files.

import { once } from "node:events";
import { createReadStream, createWriteStream, statSync } from "node:fs";
import type { Writable } from "node:stream";
import { CliError } from "./exit-codes.js";
import { Progress, type ProgressStream } from "./progress.js";

export interface InputSource {
  readonly name: string;
  /** Size in bytes when known (a regular file), for the progress bar's ETA. */
  readonly size: number | undefined;
  chunks(): AsyncIterable<Uint8Array>;
}

export function openInput(file: string | undefined, stdin: NodeJS.ReadableStream): InputSource {
  if (file === undefined || file === "-") {
    return { name: "<stdin>", size: undefined, chunks: () => stdin as AsyncIterable<Uint8Array> };
  }
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new CliError(`${file}: not a regular file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      `${file}: ${(error as NodeJS.ErrnoException).code ?? "cannot read"}: cannot open the input file`,
    );
  }
  return { name: file, size, chunks: () => createReadStream(file) as AsyncIterable<Uint8Array> };
}

/** The input's chunks, counted into a progress bar on `stderr` (drawn only when it is a TTY). */
export async function* withProgress(
  input: InputSource,
  label: string,
  frames: () => number,
  stderr: ProgressStream,
): AsyncGenerator<Uint8Array> {
  const progress = new Progress(label, input.size, stderr);
  try {
    for await (const chunk of input.chunks()) {
      yield chunk;
      progress.update(chunk.length, frames());
    }
  } finally {
    progress.done();
  }
}

/** Text lines of the input (for base64 framing: one frame a line), with the byte offset of each line's start. */
export async function* lines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<{ line: string; offset: number }> {
  const decoder = new TextDecoder();
  let pending = "";
  let lineStart = 0;
  for await (const chunk of chunks) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf("\n");
    while (newline !== -1) {
      const raw = pending.slice(0, newline);
      yield { line: raw.endsWith("\r") ? raw.slice(0, -1) : raw, offset: lineStart };
      lineStart += Buffer.byteLength(raw) + 1;
      pending = pending.slice(newline + 1);
      newline = pending.indexOf("\n");
    }
  }
  pending += decoder.decode();
  if (pending.length > 0) yield { line: pending.endsWith("\r") ? pending.slice(0, -1) : pending, offset: lineStart };
}

/**
 * A writer with backpressure: awaits 'drain' when the stream's buffer is full. Only a file it opened is ended on
 * close; the caller's stdout stays open for whatever the caller writes next.
 */
export class Output {
  constructor(
    readonly stream: NodeJS.WritableStream | Writable,
    private readonly owned: boolean,
  ) {}

  async write(text: string | Uint8Array): Promise<void> {
    if (!this.stream.write(text)) await once(this.stream as Writable, "drain");
  }

  async close(): Promise<void> {
    if (!this.owned) return;
    this.stream.end();
    await once(this.stream as Writable, "finish");
  }
}

/** `file`, or the given `stdout` when there is none (or it is `-`). */
export function openOutput(file: string | undefined, stdout: NodeJS.WritableStream): Output {
  if (file === undefined || file === "-") return new Output(stdout, false);
  const stream = createWriteStream(file);
  stream.on("error", () => {
    // Reported by the awaited write or close below.
  });
  return new Output(stream, true);
}

/** A line to `io.stderr`: how the commands report progress and bad frames (their output goes to stdout). */
export const reportTo =
  (io: { stderr: NodeJS.WritableStream }) =>
  (line: string): void => {
    io.stderr.write(`${line}\n`);
  };
