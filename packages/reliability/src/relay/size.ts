// How big a run of the relay part is: rates, consumers, seconds, outages, live paths, replicas; from the environment
// (TICKWIRE_RELAY_*) or the full and quick defaults.
export type Live = "core" | "jetstream";
/** What the rising rates' stream stores: a message per frame, or the relay's batches and last values. */
export type Store = "frames" | "batches";

export interface Size {
  rates: number[];
  consumers: number;
  seconds: number;
  /**
   * Each rate first runs this long unmeasured: fresh consumer processes spend their first few hundred ms of CPU
   * compiling (JIT), which a 5 s window would count as a large part of the per-frame cost.
   */
  warmupSeconds: number;
  outageSeconds: number;
  /** The consumers' live paths, each run through the rates in turn. */
  live: Live[];
  /** The load stream's replicas (3: every message on every node). */
  replicas: number;
  /** Only the rising rates, not the late joiner and the faults (exploratory runs). */
  ratesOnly: boolean;
  /** NATS nodes lost under a relay pair: the feed's rate, consumer processes, seconds each node stays down. */
  nodeFaults: { rate: number; consumers: number; downSeconds: number };
  /** Only the NATS nodes killed under a relay pair (TICKWIRE_RELAY_NODE_FAULTS_ONLY=1). */
  nodeFaultsOnly: boolean;
  /** Only the active relay killed under a relay pair, in the stream format `store` (TICKWIRE_RELAY_KILL_ONLY=1). */
  relayKillOnly: boolean;
  /**
   * The rising rates' consumers read this many instruments each (per-instrument subjects, each consumer its own
   * instruments in turn), not the whole feed; 0: the whole feed (TICKWIRE_RELAY_INSTRUMENTS_PER_CONSUMER).
   */
  instrumentsPerConsumer: number;
  /**
   * Every scenario's stream format (TICKWIRE_RELAY_STORE: frames, the relay's default, or batches): the rising rates,
   * the late joiner, the relay kill, the node kills and NATS down.
   */
  store: Store;
  /** Only the late joiner and the faults, not the rising rates (TICKWIRE_RELAY_FAULTS_ONLY=1). */
  faultsOnly: boolean;
}

export const FULL: Size = {
  rates: [5000, 10_000, 20_000, 50_000],
  consumers: 10,
  seconds: 10,
  warmupSeconds: 2,
  outageSeconds: 10,
  live: ["core"],
  replicas: 3,
  ratesOnly: false,
  nodeFaults: { rate: 2000, consumers: 4, downSeconds: 4 },
  nodeFaultsOnly: false,
  relayKillOnly: false,
  instrumentsPerConsumer: 0,
  store: "frames",
  faultsOnly: false,
};
export const QUICK: Size = {
  ...FULL,
  rates: [2000],
  consumers: 2,
  seconds: 4,
  warmupSeconds: 1,
  outageSeconds: 3,
  nodeFaults: { rate: 2000, consumers: 3, downSeconds: 3 },
};

export function sizeFromEnv(quick: boolean): Size {
  const base = quick ? QUICK : FULL;
  const env = process.env;
  const rates = env.TICKWIRE_RELAY_RATES?.split(",").map(Number) ?? base.rates;
  const consumers = Number(env.TICKWIRE_RELAY_CONSUMERS ?? base.consumers);
  const seconds = Number(env.TICKWIRE_RELAY_SECONDS ?? base.seconds);
  const live = (env.TICKWIRE_RELAY_LIVE?.split(",") ?? base.live) as Live[];
  if (live.some((l) => l !== "core" && l !== "jetstream")) throw new Error("TICKWIRE_RELAY_LIVE: core, jetstream");
  const replicas = Number(env.TICKWIRE_RELAY_REPLICAS ?? base.replicas);
  const warmupSeconds = Number(env.TICKWIRE_RELAY_WARMUP_SECONDS ?? base.warmupSeconds);
  const ratesOnly = env.TICKWIRE_RELAY_RATES_ONLY === "1";
  const nodeFaultsOnly = env.TICKWIRE_RELAY_NODE_FAULTS_ONLY === "1";
  const relayKillOnly = env.TICKWIRE_RELAY_KILL_ONLY === "1";
  const faultsOnly = env.TICKWIRE_RELAY_FAULTS_ONLY === "1";
  const nodeFaults = {
    rate: Number(env.TICKWIRE_RELAY_NODE_FAULT_RATE ?? base.nodeFaults.rate),
    consumers: Number(env.TICKWIRE_RELAY_NODE_FAULT_CONSUMERS ?? base.nodeFaults.consumers),
    downSeconds: Number(env.TICKWIRE_RELAY_NODE_DOWN_SECONDS ?? base.nodeFaults.downSeconds),
  };
  const instrumentsPerConsumer = Number(env.TICKWIRE_RELAY_INSTRUMENTS_PER_CONSUMER ?? base.instrumentsPerConsumer);
  if (!Number.isInteger(instrumentsPerConsumer) || instrumentsPerConsumer < 0) {
    throw new Error("TICKWIRE_RELAY_INSTRUMENTS_PER_CONSUMER: a whole number, 0 for the whole feed");
  }
  const store = (env.TICKWIRE_RELAY_STORE ?? base.store) as Store;
  if (store !== "frames" && store !== "batches") throw new Error("TICKWIRE_RELAY_STORE: frames, batches");
  return {
    ...base,
    store,
    rates,
    consumers,
    seconds,
    warmupSeconds,
    live,
    replicas,
    ratesOnly,
    nodeFaults,
    relayKillOnly,
    nodeFaultsOnly,
    faultsOnly,
    instrumentsPerConsumer,
  };
}
