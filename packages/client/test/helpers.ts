// Shared test helpers: a sandbox on loopback whose user lookup counts app_login calls, and small waiting utilities.
import { type Sandbox, type SandboxOptions, type SandboxUser, startSandbox } from "@tickwire/sandbox";
import { type ClientOptions, createClient, type TickwireClient } from "../src/index.js";

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
    ...options,
  });
  return {
    sandbox,
    logins: () => logins,
    advanceServerClock: (ms) => {
      offset += ms;
    },
    client: (extra = {}) => {
      const client = createClient({ baseUrl: sandbox.httpUrl, userId: USER.userId, appKey: USER.appKey, ...extra });
      clients.push(client);
      return client;
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
      await sandbox.close();
    },
  };
}

/** Waits until `check()` is true, polling; fails with `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

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
