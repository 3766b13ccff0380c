// `tickwire record`: a live feed's frames to a size-delimited capture. Text frames are base64 (the platform's
// default), binary frames raw; heartbeats and JSON notices are not data. Each frame is checked with the codec
// before it is written, so a capture holds only frames that decode.

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { decodeBase64, decodeMessage, delimitBytes } from "@tickwire/codec";
import type { Command } from "commander";
import { integer, parseInstrumentIds, positive } from "../argument-parsers.js";
import type { Io } from "../cli.js";
import { CliError, EXIT, type ExitCode } from "../exit-codes.js";

export interface RecordOptions {
  url: string;
  out: string;
  instruments: readonly bigint[];
  seconds: number;
  count?: number;
}

export async function recordCommand(io: Io, options: RecordOptions): Promise<ExitCode> {
  const report = (line: string) => io.stderr.write(`${line}\n`);
  if (!/^wss?:\/\//.test(options.url)) throw new CliError("--url must be a ws:// or wss:// URL");
  const file = createWriteStream(options.out);
  let failure: Error | undefined;
  file.on("error", (error) => {
    failure = error;
  });
  // Loaded here, not at start-up: the file commands do not need ws.
  const { default: WebSocket } = await import("ws");
  const socket = new WebSocket(options.url);
  let frames = 0;
  let bad = 0;
  let bytes = 0;
  const finished = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, options.seconds * 1000);
    // A file that cannot be written ends the recording now, not after --seconds.
    file.once("error", (error) => {
      clearTimeout(timer);
      reject(new CliError(`${options.out}: ${error.message}`));
    });
    socket.on("open", () => {
      const ids = options.instruments.map(String).join(",");
      socket.send(`{"action":"subscribe","instrumentIds":[${ids}]}`);
    });
    socket.on("message", (data: Buffer, isBinary: boolean) => {
      // Frames already in flight when --count is reached are not written.
      if (options.count !== undefined && frames >= options.count) return;
      let message: Uint8Array;
      const text = isBinary ? undefined : data.toString();
      if (text === "ping" || text === "pong") return;
      if (text?.startsWith("{")) {
        report(`server: ${text}`);
        return;
      }
      try {
        message = text === undefined ? new Uint8Array(data) : decodeBase64(text);
        decodeMessage(message);
      } catch (error) {
        bad++;
        report(`frame ${frames + bad - 1}: ${(error as Error).message} (not written)`);
        return;
      }
      file.write(delimitBytes(message));
      frames++;
      bytes += message.length;
      if (options.count !== undefined && frames >= options.count) {
        clearTimeout(timer);
        resolve();
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(new CliError(`feed: ${error.message.replace(/key=[^&\s]+/g, "key=[REDACTED]")}`));
    });
    socket.on("close", (code) => {
      clearTimeout(timer);
      if (code === 1000 || code === 1001) resolve();
      else reject(new CliError(`feed closed with code ${code}`));
    });
  });
  try {
    await finished;
  } finally {
    socket.removeAllListeners("close");
    socket.on("error", () => {});
    if (socket.readyState === WebSocket.OPEN) socket.close(1000);
    else socket.terminate();
    // A stream that failed has closed already: waiting for its 'close' again would never end.
    if (!file.closed) {
      file.end();
      await once(file, "close");
    }
  }
  if (failure) throw new CliError(`${options.out}: ${failure.message}`);
  io.stdout.write(
    `recorded ${frames} frames (${bytes} bytes) to ${options.out}${bad ? `, ${bad} bad frames skipped` : ""}\n`,
  );
  return bad > 0 ? EXIT.PARTIAL : EXIT.OK;
}

export function registerRecordCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  program
    .command("record")
    .description("capture a live feed to a size-delimited file (decodable by decode, stats, replay)")
    .requiredOption("--url <ws-url>", "the feed's WebSocket URL with its token: ws://host/md-streaming/ws?key=TOKEN")
    .requiredOption("--out <file>", "capture file to write")
    .requiredOption("--instruments <ids>", "comma-separated instrument ids to subscribe to")
    .option("--seconds <n>", "stop after this long", positive("--seconds"), 10)
    .option("--count <n>", "stop after this many messages", integer("--count", 1))
    .action(async (opts) => {
      setExit(
        await recordCommand(io, {
          url: opts.url,
          out: opts.out,
          instruments: parseInstrumentIds(opts.instruments),
          seconds: opts.seconds,
          count: opts.count,
        }),
      );
    });
}
