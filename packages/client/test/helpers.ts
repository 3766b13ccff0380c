// Shared test helpers: a sandbox on loopback whose user lookup counts app_login calls, and small waiting utilities.
import { after, before } from "node:test";
import { type Sandbox, type SandboxOptions, type SandboxUser, startSandbox } from "@tickwire/sandbox";
import { type ClientOptions, createClient, PATH_PRESETS, type PathPreset, type TickwireClient } from "../src/index.js";

/**
 * The path preset the harness's clients use: `pnpm test` runs the REST and feed tests once with each
 * (TICKWIRE_TEST_PATHS=vendor for the vendor's spellings). The sandbox serves the vendor's aliases only in that run.
 */
export const PRESET: PathPreset = process.env.TICKWIRE_TEST_PATHS === "vendor" ? "vendor" : "contract";
export const PATHS = PATH_PRESETS[PRESET];
const presetPaths = new Set(Object.values(PATHS));

/** fetch, refusing any request to a path outside the preset: a test cannot pass by calling the other spelling. */
const presetFetch: NonNullable<ClientOptions["fetch"]> = (url, init) => {
  const path = new URL(url).pathname;
  if (!presetPaths.has(path)) throw new Error(`test harness: ${path} is not a ${PRESET} path`);
  return fetch(url, init);
};

export const USER: SandboxUser = Object.freeze({
  userId: "SVC01",
  appKey: "svc01-APPKEY-9f3c2a7b51e84d06",
  clientCode: "CL0001",
});

export interface Harness {
  sandbox: Sandbox;
  /** app_login calls that reached the user lookup (every login attempt with a well-formed body). */
  logins(): number;
  /** Current offset of the sandbox's clock, ms; move it to expire tokens on the server side. */
  advanceServerClock(ms: number): void;
  client(options?: Partial<ClientOptions>): TickwireClient;
  close(): Promise<void>;
}

export const SECRET = "0123456789abcdef0123456789abcdef-test-secret";

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  let logins = 0;
  let offset = 0;
  const clients: TickwireClient[] = [];
  const sandbox = await startSandbox({
    logger: false,
    jwtSecret: SECRET,
    users: (userId) => {
      logins++;
      return userId === USER.userId ? USER : undefined;
    },
    clock: () => Date.now() + offset,
    vendorPaths: PRESET === "vendor",
    ...options,
  });
  return {
    sandbox,
    logins: () => logins,
    advanceServerClock: (ms) => {
      offset += ms;
    },
    client: (extra = {}) => {
      // Own paths: the test chose what it calls, so the preset's fetch check does not apply either.
      const preset = extra.paths === undefined ? { paths: PRESET, fetch: presetFetch } : {};
      const client = createClient({
        baseUrl: sandbox.httpUrl,
        userId: USER.userId,
        appKey: USER.appKey,
        ...preset,
        ...extra,
      });
      clients.push(client);
      return client;
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
      await sandbox.close();
    },
  };
}

/**
 * The harness of the enclosing describe: started before its first test and closed after its last. The object is
 * returned at once and filled in by the `before` hook, so the suite's tests read it as a constant.
 */
export function suiteHarness(options: SandboxOptions = {}): Harness {
  const harness = {} as Harness;
  before(async () => {
    Object.assign(harness, await startHarness(options));
  });
  after(() => harness.close());
  return harness;
}

export { until } from "@tickwire/testkit/until";

/** A clock the test moves by hand. */
export function manualClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}
