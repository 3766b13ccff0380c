// A free loopback port for a server a test starts itself (a sandbox, a board, a nats-server node).
//
// The port is picked below the kernel's ephemeral range, not by listening on port 0. A port 0 listen returns an
// ephemeral port, and between closing it and the server binding it, any outgoing connection (another test's NATS or
// HTTP client) may take it as its local port: a CI run saw a nats-server of a three-node cluster exit at start
// ("exited with code 1"). A killed node restarted on its ports has the same exposure for as long as it is down.
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const LOWEST = 10_000;
/** Linux's default ephemeral range starts here; the range actually configured is read when there is one. */
const DEFAULT_EPHEMERAL_START = 32_768;
const ATTEMPTS = 50;

function ephemeralStart(): number {
  try {
    const start = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > LOWEST + 1000 ? start : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START;
  }
}

const below = ephemeralStart();

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.on("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port on 127.0.0.1 that was free a moment ago (listened on and closed again), outside the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (below - LOWEST));
    if (await listens(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${below} after ${ATTEMPTS} tries`);
}
