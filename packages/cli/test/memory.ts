// In-memory streams for calling run() in-process: what a program embedding the command line would pass.
import { Readable, Writable } from "node:stream";
import { type Io, run } from "../src/index.js";

export interface MemoryIo extends Io {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  out(): Buffer;
  err(): string;
}

export function memoryIo(options: { stdin?: Uint8Array | string; tty?: boolean } = {}): MemoryIo {
  const sink = (chunks: Buffer[]) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
    });
  const outChunks: Buffer[] = [];
  const errChunks: Buffer[] = [];
  const stdout = sink(outChunks);
  const stderr = sink(errChunks);
  if (options.tty) Object.assign(stderr, { isTTY: true, columns: 100 });
  return {
    stdout,
    stderr,
    stdin: Readable.from([Buffer.from(options.stdin ?? "")]),
    out: () => Buffer.concat(outChunks),
    err: () => Buffer.concat(errChunks).toString(),
  };
}

/** `tickwire ...args` through run() with in-memory streams: the exit code and output a child process would give. */
export async function runInProcess(
  args: readonly string[],
  options: { input?: Uint8Array | string } = {},
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  const io = memoryIo({ stdin: options.input });
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}
