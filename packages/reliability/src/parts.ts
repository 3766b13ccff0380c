/** What a part's `run` is given. */
export interface PartOptions {
  /** A size that fits in CI: seconds, not minutes. */
  quick: boolean;
  /** Progress to stderr (the report is the return value). */
  log: (line: string) => void;
}

/** What a part returns: a verdict, a one-line summary, and its figures (written as JSON). */
export interface PartReport {
  ok: boolean;
  summary: string;
  [figure: string]: unknown;
}

export interface PartModule {
  run(options: PartOptions): Promise<PartReport>;
}

/** The parts, in the order `pnpm reliability` runs them; each is src/<name>/index.ts. */
export const PARTS = [
  {
    name: "fuzz",
    description: "codec fuzz campaign, differential against protobuf-es (decodeMessage, FrameDecoder, ViewDecoder)",
  },
  {
    name: "generated",
    description:
      "protoc-gen's differential suites against protobuf-es with 30 times the random messages pnpm test gives them",
  },
  {
    name: "hostile",
    description:
      "hostile input to the sandbox server: bodies, JSON, headers, slow requests, forged tokens, login floods, connection faults (resets and half-closes at every stage)",
  },
  {
    name: "faults",
    description:
      "client under faults: server killed, half-open socket, fragmenting proxy, corrupt frames, token expiry, clock skew",
  },
  {
    name: "load",
    description: "sandbox REST under increasing concurrency (login, LTP, positions): throughput, p50/p99, errors",
  },
  { name: "soak", description: "200 feed clients at the simulator's top rate: frames, drops, server memory over time" },
  {
    name: "relay",
    description:
      "NATS relay on a 3-node cluster: rates to 10 consumer processes (lost, latency, CPU, RSS), late joiner, relay killed, stream leader, metadata leader and lock's node killed under a relay pair, NATS down",
  },
] as const;
