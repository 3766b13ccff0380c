// Small pieces every scenario of the relay part uses: waiting, rounding, a paused sandbox as the platform, removing a
// stream.
import { jetstreamManager } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { defaultInstruments, type Sandbox, startSandbox } from "@tickwire/sandbox";
import { poll } from "@tickwire/testkit/until";

/** Every instrument of the simulator (the relays carry them all: the stream then holds the whole feed). */
export const ALL = defaultInstruments.map((i) => String(i.id));
/** The instruments that are not indexes: one subject per frame, so a consumer's messages compare one for one. */
export const PLAIN = defaultInstruments.filter((i) => i.kind !== "index").map((i) => String(i.id));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The testkit's polling wait, every 50 ms: each check here asks a child process or the NATS server. */
export const until = (check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> =>
  poll(check, timeoutMs, 50);

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export interface Platform {
  sandbox: Sandbox;
  options: { baseUrl: string; userId: string; appKey: string };
}

export async function platformAt(rate: number): Promise<Platform> {
  const sandbox = await startSandbox({
    logger: false,
    rate,
    paused: true,
    slowConsumer: { highWaterMark: 8 * 1024 ** 2, maxConsecutiveDrops: 1_000_000 },
  });
  const user = sandbox.demoUser;
  if (!user) throw new Error("no demo user");
  return { sandbox, options: { baseUrl: sandbox.httpUrl, userId: user.userId, appKey: user.appKey } };
}

/**
 * Deletes a stream, trying again for up to 90 s until it is gone: after a node's loss the cluster can be slow to
 * answer (a metadata leader took 31 s to be elected once), and a stream left behind makes the next scenario's stream
 * overlap it. Throws, naming the stream, if it is still there: ci21's relay part gave up after 30 s without a word,
 * and the next scenario failed on "subjects overlap with an existing stream".
 */
export async function resetStream(nc: NatsConnection, name: string): Promise<void> {
  let last = "";
  const gone = await until(async () => {
    try {
      const jsm = await jetstreamManager(nc, { timeout: 5000 });
      await jsm.streams.delete(name).catch(() => false);
      await jsm.streams.info(name);
      last = "it still exists";
      return false;
    } catch (error) {
      last = (error as Error).message;
      if (!last.includes("not found")) return false;
    }
    // Right after nodes were killed and restarted, a server can answer "not found" for a stream the cluster still has
    // (a CI run's next relay then met "subjects overlap with an existing stream"): gone only once the list agrees.
    try {
      const jsm = await jetstreamManager(nc, { timeout: 5000 });
      for await (const listed of jsm.streams.names()) {
        if (listed === name) {
          last = "still listed";
          return false;
        }
      }
      return true;
    } catch (error) {
      last = (error as Error).message;
      return false;
    }
  }, 90_000);
  if (!gone) throw new Error(`stream ${name} not deleted within 90 s: ${last}`);
}
