// The fault cases, shared by the client's fault tests (one bounded cycle each) and @tickwire/reliability's faults
// campaign (many cycles).
// Each case runs a client feed through the fault proxy against a sandbox subscribed to every instrument, so the
// sandbox's message ids (its sequence numbers) are consecutive on a healthy connection: a gap inside one connection
// is a lost frame. The client and sandbox are passed in, so the client's tests run its sources, not its build.
import { poll } from "../until.js";
import { corruptProtobufFrame, corruptWebSocketFrame, FaultProxy } from "./proxy.js";

// Minimal structural views of @tickwire/client and @tickwire/sandbox: what the cases use.
export interface FeedLike {
  on(event: string, listener: (...args: never[]) => void): () => void;
  stats(): {
    messagesTotal: number;
    decodeErrors: number;
    drops: number;
    connections: number;
    reconnects: number;
    stalls: number;
    state: string;
  };
  messages(): AsyncIterableIterator<{ ID: bigint }>;
  close(): Promise<void>;
}
export interface ClientLike {
  marketData(options: Record<string, unknown>): FeedLike;
  ltp(ids: bigint[]): Promise<unknown>;
  stats(): { logins: number };
  close(): Promise<void>;
}
export interface SandboxLike {
  readonly port: number;
  readonly httpUrl: string;
  readonly instruments: readonly { id: bigint }[];
  revokeTokens(): number;
  close(): Promise<void>;
}
export interface FaultDeps {
  createClient(options: Record<string, unknown>): ClientLike;
  startSandbox(options: Record<string, unknown>): Promise<SandboxLike>;
}

export const CASES = [
  "server-killed",
  "half-open",
  "delay-fragment",
  "corrupt-protobuf",
  "corrupt-ws-frame",
  "token-revoked",
  "token-expired",
  "clock-ahead",
  "clock-ahead-near-exp",
  "clock-behind",
] as const;
export type CaseName = (typeof CASES)[number];

export interface CycleResult {
  /** The client came back (or, for faults that must not disconnect, kept going) within the bound. */
  recovered: boolean;
  /** Fault to the first message delivered after it, ms. */
  recoverMs: number;
  /** Messages decoded during the cycle. */
  messages: number;
  /** Messages the client decoded that never reached the consumer, plus gaps inside one connection. */
  framesLost: number;
  decodeErrors: number;
  errorEvents: number;
  /** app_login calls the cycle made. */
  logins: number;
  reconnects: number;
}

export interface CaseResult {
  name: CaseName;
  cycles: CycleResult[];
  /** Timers and sockets still active after everything closed, above the count before the case started. */
  leakedHandles: Record<string, number>;
  /** Growth of timers and sockets between the first and the last recovered cycle (one feed across all cycles). */
  handleGrowth: Record<string, number>;
  /** process listeners added and not removed. */
  leakedListeners: number;
  /** Heap after the last cycle minus heap after the first (after gc when exposed), bytes. */
  heapGrowthBytes: number;
  errors: string[];
}

const SECRET = "0123456789abcdef0123456789abcdef-faults-secret";
const USER = { userId: "FAULT01", appKey: "fault01-APPKEY-5b1e0c2d9a7f4e63", clientCode: "CL0042" };
const WATCHED = ["Timeout", "TCPSocketWrap", "TCPServerWrap", "Immediate"];
const MINUTE = 60_000;

function handles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of WATCHED) counts[name] = 0;
  for (const name of process.getActiveResourcesInfo()) if (name in counts) counts[name]++;
  return counts;
}

/**
 * Listeners on `process`, except "exit": the sandbox's logger (pino, through on-exit-leak-free) holds one weakly and
 * drops it when the logger is collected, so it comes and goes with garbage collection, not with the client.
 */
function processListeners(): number {
  return process
    .eventNames()
    .filter((name) => name !== "exit")
    .reduce((sum, name) => sum + process.listenerCount(name), 0);
}

function heap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The least of each count over a few samples: timers of frames in flight (the proxy's, the sandbox's) come and go. */
async function steadyHandles(): Promise<Record<string, number>> {
  const least = handles();
  for (let i = 0; i < 10; i++) {
    await sleep(10);
    const now = handles();
    for (const name of WATCHED) least[name] = Math.min(least[name] ?? 0, now[name] ?? 0);
  }
  return least;
}

function diff(
  after: Record<string, number>,
  before: Record<string, number>,
  watched: readonly string[] = WATCHED,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of watched) out[name] = Math.max(0, (after[name] ?? 0) - (before[name] ?? 0));
  return out;
}

// Growth is measured while the feed still flows, where the fragmenting proxy queues an Immediate per piece: on a busy
// machine one is pending in every sample for seconds (CI, Node 24, the unit tier at the lowest priority: "Immediate
// grew 1"). An Immediate runs once, so it cannot pile up unnoticed: a loop re-arming one would still be there after
// close, which the leak check (every kind, feed stopped) catches.
const WATCHED_FOR_GROWTH = WATCHED.filter((name) => name !== "Immediate");

/** Waits (bounded) for the handle counts to come back to `reference`: closes and grace timers take a moment. */
// Each count is the least seen while waiting: a leaked handle stays in every sample, while the
// proxy's per-piece Immediate or a frame's timer in flight is there in one sample and gone in the next
// (a single final sample failed CI once with "Immediate grew 1" while the fragmenting proxy was busy).
async function settle(
  reference: Record<string, number>,
  timeoutMs: number,
  watched: readonly string[] = WATCHED,
): Promise<Record<string, number>> {
  const least = handles();
  const deadline = Date.now() + timeoutMs;
  while (Object.values(diff(least, reference, watched)).some((n) => n > 0) && Date.now() < deadline) {
    await sleep(20);
    const now = handles();
    for (const name of WATCHED) least[name] = Math.min(least[name] ?? 0, now[name] ?? 0);
  }
  return diff(least, reference, watched);
}

interface CaseSetup {
  tokenLifetimeSeconds?: number;
  clockSkewMs?: number;
  stallTimeoutMs?: number;
  /** Sandbox messages per second (default 1000), and messages to wait for after each fault (default 200). */
  rate?: number;
  messagesPerCycle?: number;
  /** Proxy settings for the whole case (the delay-fragment case). */
  delayMs?: number;
  fragmentBytes?: number;
}

const SETUPS: Record<CaseName, CaseSetup> = {
  "server-killed": {},
  // 1 s, not less: on a loaded 2-core machine the event loop can stall 300 ms after a reconnect, and the watchdog
  // would (rightly) reconnect a second time where the test counts exactly one.
  "half-open": { stallTimeoutMs: 1000 },
  "delay-fragment": { delayMs: 3, fragmentBytes: 7, rate: 200, messagesPerCycle: 100 },
  "corrupt-protobuf": {},
  "corrupt-ws-frame": {},
  "token-revoked": {},
  "token-expired": { tokenLifetimeSeconds: 1 },
  "clock-ahead": { tokenLifetimeSeconds: 300, clockSkewMs: 10 * MINUTE },
  "clock-ahead-near-exp": { tokenLifetimeSeconds: 300, clockSkewMs: 5 * MINUTE - 3000 },
  "clock-behind": { tokenLifetimeSeconds: 1, clockSkewMs: -10 * MINUTE },
};

/**
 * Runs `cycles` faults of one kind on one feed (one client, one proxy, one sandbox) and checks what came out.
 * Bounded: each cycle waits at most `cycleTimeoutMs` for recovery.
 */
export async function runCase(
  name: CaseName,
  deps: FaultDeps,
  { cycles, cycleTimeoutMs = 10_000, durationMs }: { cycles: number; cycleTimeoutMs?: number; durationMs?: number },
): Promise<CaseResult> {
  const setup = SETUPS[name];
  const errors: string[] = [];
  const handlesBefore = handles();
  const listenersBefore = processListeners();
  const sandboxOptions = {
    logger: false,
    jwtSecret: SECRET,
    rate: setup.rate ?? 1000,
    tokenLifetimeSeconds: setup.tokenLifetimeSeconds ?? 3600,
    users: [USER],
  };
  let sandbox = await deps.startSandbox(sandboxOptions);
  const port = sandbox.port;
  const proxy = await FaultProxy.start({ targetPort: port });
  proxy.delayMs = setup.delayMs ?? 0;
  proxy.fragmentBytes = setup.fragmentBytes ?? 0;
  const skew = setup.clockSkewMs ?? 0;
  const client = deps.createClient({
    baseUrl: sandbox.httpUrl,
    wsUrl: proxy.wsUrl,
    userId: USER.userId,
    appKey: USER.appKey,
    timeoutMs: 3000,
    clock: () => Date.now() + skew,
    loginBackoff: { initialDelayMs: 50, maxDelayMs: 1000 },
  });
  const ids = sandbox.instruments.map((i) => i.id);
  const feed = client.marketData({
    instrumentIds: ids,
    reconnect: { initialDelayMs: 20, maxDelayMs: 300 },
    stallTimeoutMs: setup.stallTimeoutMs ?? 5000,
    bufferSize: 1_000_000,
  });

  // What the client decoded (listener) and what the consumer got (iterator), with connection boundaries.
  let decoded = 0;
  let errorEvents = 0;
  let connection = 0;
  let gaps = 0;
  let lastId = -1n;
  let lastConnection = -1;
  // The first message after a fault (after a new connection when the fault must reconnect), and the last disconnect.
  let armedAfterConnection = Number.POSITIVE_INFINITY;
  let firstAt = 0;
  let disconnectAt = 0;
  feed.on("open", () => {
    connection++;
  });
  feed.on("disconnect", () => {
    disconnectAt = Date.now();
  });
  feed.on("error", () => {
    errorEvents++;
  });
  feed.on("message", ((message: { ID: bigint }) => {
    decoded++;
    if (lastConnection === connection && message.ID !== lastId + 1n) gaps++;
    lastId = message.ID;
    if (connection >= armedAfterConnection) {
      firstAt = Date.now();
      armedAfterConnection = Number.POSITIVE_INFINITY;
    }
    lastConnection = connection;
  }) as never);
  let consumed = 0;
  const consumer = (async () => {
    for await (const _ of feed.messages()) {
      consumed++;
    }
  })();

  const cyclesOut: CycleResult[] = [];
  let heapFirst = 0;
  let handlesFirst: Record<string, number> | undefined;
  try {
    if (!(await poll(() => consumed >= 20, cycleTimeoutMs, 5))) throw new Error("no data before the first fault");
    const deadline = durationMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + durationMs;
    for (let cycle = 0; cycle < cycles && (cycle === 0 || Date.now() < deadline); cycle++) {
      const statsBefore = feed.stats();
      const loginsBefore = client.stats().logins;
      const errorsBefore = errorEvents;
      const decodedBefore = decoded;
      const connectionsBefore = statsBefore.connections;
      const started = Date.now();
      firstAt = 0;
      armedAfterConnection = connection + 1;
      // Each fault, and what "recovered" means for it.
      let mustReconnect = true;
      switch (name) {
        case "server-killed": {
          await sandbox.close();
          sandbox = await restartOn(deps, port, sandboxOptions);
          break;
        }
        case "half-open":
          proxy.drop();
          break;
        case "delay-fragment":
          mustReconnect = false;
          armedAfterConnection = connection;
          break;
        case "corrupt-protobuf":
          proxy.inject(corruptProtobufFrame());
          mustReconnect = false;
          armedAfterConnection = connection;
          break;
        case "corrupt-ws-frame":
          proxy.inject(corruptWebSocketFrame());
          break;
        case "token-revoked":
          sandbox.revokeTokens();
          break;
        case "token-expired":
        case "clock-behind":
          // The server closes the socket at `exp` (1 s tokens): wait for it, as the fault.
          break;
        case "clock-ahead":
        case "clock-ahead-near-exp":
          // The skewed clock is the fault: the feed and REST calls must keep working without a login loop.
          mustReconnect = false;
          armedAfterConnection = connection;
          for (let call = 0; call < 6; call++) {
            await client.ltp(ids.slice(0, 3));
            await sleep(250);
          }
          break;
      }
      const target = decodedBefore + (setup.messagesPerCycle ?? 200);
      const ok = await poll(
        () =>
          decoded >= target &&
          consumed >= decoded - 5 &&
          (!mustReconnect || feed.stats().connections > connectionsBefore),
        cycleTimeoutMs,
        5,
      );
      // Time to recover: from the fault to the first message of the new connection (or after the fault).
      const faultAt = name === "token-expired" || name === "clock-behind" ? Math.max(disconnectAt, started) : started;
      const recoverMs = ok && firstAt > 0 ? Math.max(0, firstAt - faultAt) : Date.now() - faultAt;
      await poll(() => consumed === decoded, 1000, 5);
      const stats = feed.stats();
      cyclesOut.push({
        recovered: ok,
        recoverMs,
        messages: decoded - decodedBefore,
        framesLost: Math.max(0, decoded - consumed - stats.drops) + gaps,
        decodeErrors: stats.decodeErrors - statsBefore.decodeErrors,
        errorEvents: errorEvents - errorsBefore,
        logins: client.stats().logins - loginsBefore,
        reconnects: stats.reconnects - statsBefore.reconnects,
      });
      gaps = 0;
      if (!ok) {
        errors.push(`cycle ${cycle}: no recovery within ${cycleTimeoutMs} ms (state ${stats.state})`);
        break;
      }
      if (cycle === 0) {
        heapFirst = heap();
        handlesFirst = await steadyHandles();
      }
    }
  } catch (error) {
    errors.push((error as Error).message);
  }
  const heapGrowthBytes = cyclesOut.length > 1 ? heap() - heapFirst : 0;
  // One feed went through every cycle: once it is steady again, it holds what it held after the first.
  const handleGrowth = handlesFirst ? await settle(handlesFirst, 2000, WATCHED_FOR_GROWTH) : {};
  await client.close();
  await consumer;
  await proxy.close();
  await sandbox.close();
  const leakedHandles = await settle(handlesBefore, 3000);
  return {
    name,
    cycles: cyclesOut,
    leakedHandles,
    handleGrowth,
    leakedListeners: Math.max(0, processListeners() - listenersBefore),
    heapGrowthBytes,
    errors,
  };
}

/** Starts the sandbox again on the same port; the old one's port can take a moment to free. */
async function restartOn(deps: FaultDeps, port: number, options: Record<string, unknown>): Promise<SandboxLike> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.startSandbox({ ...options, port });
    } catch (error) {
      if ((error as { code?: string }).code !== "EADDRINUSE" || attempt >= 50) throw error;
      await sleep(20);
    }
  }
}
