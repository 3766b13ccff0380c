// `tickwire relay`: one platform session fanned out to NATS JetStream. @tickwire/relay (and the NATS client) is
// loaded inside the action, so commands that do not relay load none of it.
import { once } from "node:events";
import type { Command } from "commander";
import { integer, positive } from "../argument-parsers.js";
import type { Io } from "../cli.js";
import { CliError, EXIT, type ExitCode, usageError } from "../exit-codes.js";
import { natsOption, natsServers, platformCredentials, withPlatformOptions } from "../platform-options.js";

export function parseIdList(list: string): string[] {
  return list.split(",").map((text) => {
    const trimmed = text.trim();
    if (!/^\d{1,20}$/.test(trimmed)) throw usageError(`instrument id '${trimmed}' is not an unsigned integer`);
    return trimmed;
  });
}

/** Waits for Ctrl-C / SIGTERM, or `seconds` when given, or `also` when given (serve's end of a replay). */
export async function untilStopped(seconds: number | undefined, also?: Promise<unknown>): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const waits: Promise<unknown>[] = [once(stop.signal, "abort")];
  if (seconds !== undefined) waits.push(new Promise((resolve) => setTimeout(resolve, seconds * 1000).unref()));
  if (also !== undefined) waits.push(also);
  await Promise.race(waits);
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
}

export function registerRelayCommand(program: Command, io: Io, setExit: (code: ExitCode) => void): void {
  withPlatformOptions(
    program
      .command("relay")
      .description(
        "relay one platform session to NATS JetStream: each frame's original bytes on tickwire.md.<segment>.<id>.<subtype>, status on tickwire.status.<name>",
      )
      .addOption(natsOption()),
    "the platform's base URL",
  )
    .option("--sandbox", "relay an embedded sandbox's feed instead of a platform (to try it out)", false)
    .option("--instruments <ids>", "comma-separated instrument ids carried for the relay's whole life")
    .option("--name <name>", "relay name: status subject and lock holder", "relay")
    .option("--replicas <n>", "stream replicas (3 on a three-node cluster)", integer("--replicas", 1), 1)
    .option("--memory", "memory storage instead of file", false)
    .option("--max-age <seconds>", "stream retention", positive("--max-age"), 3600)
    .option("--per-subject <n>", "messages kept per subject", integer("--per-subject", 1), 1000)
    .option("--buffer-mb <n>", "buffer while NATS is unreachable, MiB", positive("--buffer-mb"), 64)
    .option("--failover", "run as one of two relays: active only while holding the KV lock", false)
    .option(
      "--lock-replicas <n>",
      "replicas of the failover lock's KV bucket (default: --replicas, so the lock survives what the stream survives)",
      integer("--lock-replicas", 1),
    )
    .option("--seconds <n>", "stop after this long instead of waiting for Ctrl-C", positive("--seconds"))
    .action(async (opts, command: Command) => {
      const say = (line: string) => io.stdout.write(`${line}\n`);
      const { startRelay } = await import("@tickwire/relay");
      let sandbox: { close(): Promise<void> } | undefined;
      let platform: { baseUrl: string; userId: string; appKey: string };
      const instruments = opts.instruments ? parseIdList(opts.instruments) : [];
      if (opts.sandbox) {
        const { defaultInstruments, startSandbox } = await import("@tickwire/sandbox");
        const started = await startSandbox({ logger: false });
        sandbox = started;
        const user = started.demoUser;
        if (!user) throw new CliError("the embedded sandbox has no demo user");
        platform = { baseUrl: started.httpUrl, userId: user.userId, appKey: user.appKey };
        if (instruments.length === 0) instruments.push(...defaultInstruments.map((i) => String(i.id)));
      } else {
        const { url: baseUrl, user: userId, appKey } = platformCredentials(command);
        if (!baseUrl || !userId || !appKey) {
          throw usageError(
            "give --url, --user and --app-key (or TICKWIRE_URL, TICKWIRE_USER, TICKWIRE_APP_KEY), or --sandbox",
          );
        }
        platform = { baseUrl, userId, appKey };
      }
      try {
        const relay = await startRelay({
          name: opts.name,
          platform,
          servers: natsServers(command),
          instruments,
          stream: {
            replicas: opts.replicas,
            storage: opts.memory ? "memory" : "file",
            maxAgeMs: Math.round(opts.maxAge * 1000),
            maxMsgsPerSubject: opts.perSubject,
          },
          maxBufferBytes: Math.round(opts.bufferMb * 1024 ** 2),
          failover: opts.failover ? { replicas: opts.lockReplicas ?? opts.replicas } : false,
          logger: { warn: (message) => io.stderr.write(`relay: ${message}\n`) },
        });
        say(
          `relay ${opts.name}: ${relay.role}, ${instruments.length} instruments, status on tickwire.status.${opts.name}`,
        );
        await untilStopped(opts.seconds);
        await relay.close();
        const s = relay.stats();
        say(
          `relay ${opts.name} closed: ${s.frames} frames, ${s.published} stored, ${s.duplicates} duplicates dropped, ` +
            `${s.bufferDrops} buffer drops, bad input ${JSON.stringify(s.badInput)}`,
        );
      } finally {
        await sandbox?.close();
      }
      setExit(EXIT.OK);
    });
}
