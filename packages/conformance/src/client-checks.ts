// The client in the runtime under test against a sandbox running on Node: every REST call and the live feed,
// with the runtime's own fetch and WebSocket (ws only on Node).
import { AuthError, createClient, TickwireError } from "@tickwire/client";
import { type ConformanceEnv, ensure, fail, type NamedCheck } from "./checks.js";

const clientOf = (env: ConformanceEnv, appKey = env.appKey, paths: "contract" | "vendor" = "contract") =>
  createClient({ baseUrl: env.sandboxUrl, userId: env.userId, appKey, paths });

async function withClient<T>(env: ConformanceEnv, use: (client: ReturnType<typeof clientOf>) => Promise<T>) {
  const client = clientOf(env);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

export const clientChecks: readonly NamedCheck[] = [
  {
    name: "client: positions, with 64-bit instrument ids as bigint",
    run: (env) =>
      withClient(env, async (client) => {
        const { positions } = await client.positions();
        const records = Object.values(positions).flat();
        ensure(records.length > 0, "no positions");
        for (const record of records)
          ensure(typeof record.instrument_id === "bigint", `instrument_id is a ${typeof record.instrument_id}`);
      }),
  },
  {
    name: "client: last traded prices of every instrument asked for",
    run: (env) =>
      withClient(env, async (client) => {
        const ids = env.instrumentIds.slice(0, 5).map(BigInt);
        const { prices, missing } = await client.ltp(ids);
        ensure(missing.length === 0, `no price for ${missing.join(", ")}`);
        for (const id of ids) {
          const price = prices.get(id)?.ltp;
          ensure(typeof price === "number" && price > 0, `price of ${id} is ${String(price)}`);
        }
      }),
  },
  {
    name: "client: the vendor's path preset reaches the same positions and prices",
    run: async (env) => {
      const client = clientOf(env, env.appKey, "vendor");
      try {
        const ids = env.instrumentIds.slice(0, 3).map(BigInt);
        const [{ positions }, { prices }] = await Promise.all([client.positions(), client.ltp(ids)]);
        ensure(Object.values(positions).flat().length > 0, "no positions through the vendor paths");
        for (const id of ids) ensure((prices.get(id)?.ltp ?? 0) > 0, `no price of ${id} through the vendor paths`);
      } finally {
        await client.close();
      }
    },
  },
  {
    name: "client: trades",
    run: (env) =>
      withClient(env, async (client) => {
        const { trades } = await client.trades();
        ensure(Array.isArray(trades), "trades is not a list");
      }),
  },
  {
    name: "client: a wrong appKey is an AuthError (a TickwireError) that does not show the key",
    run: async (env) => {
      const appKey = "wrong-app-key-conformance";
      const client = clientOf(env, appKey);
      try {
        await client.positions();
        fail("positions with a wrong appKey succeeded");
      } catch (error) {
        ensure(error instanceof AuthError && error instanceof TickwireError, `not an AuthError: ${String(error)}`);
        ensure(!String(error.message).includes(appKey), "the error message shows the appKey");
      } finally {
        await client.close();
      }
    },
  },
  {
    name: "client: the live feed delivers decoded messages of the subscribed instruments, and closes",
    run: (env) =>
      withClient(env, async (client) => {
        const ids = new Set(env.instrumentIds);
        const feed = client.marketData({ instrumentIds: env.instrumentIds.map(BigInt) });
        const seen: string[] = [];
        const deadline = setTimeout(() => void feed.close(), 15_000);
        try {
          for await (const message of feed) {
            ensure(message.subtype.case !== undefined, "a message without a subtype");
            seen.push(message.subtype.case);
            if (seen.length === 20) break;
          }
        } finally {
          clearTimeout(deadline);
          await feed.close();
          await feed.close();
        }
        ensure(seen.length === 20, `${seen.length} messages before the deadline`);
        ensure(ids.size > 0, "no instruments");
        ensure(feed.stats().state === "closed", `state ${feed.stats().state} after close`);
      }),
  },
];
