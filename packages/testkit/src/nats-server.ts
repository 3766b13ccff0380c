// Starts real nats-server processes on free loopback ports (one server, or a cluster with routes), each with its own
// JetStream store under a temporary directory: what the tests, the reliability part and the bench run against.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.js";

export interface NatsNode {
  readonly name: string;
  readonly port: number;
  readonly clusterPort: number;
  /** The monitoring port (HTTP: /jsz, /varz...). */
  readonly monitorPort: number;
  readonly url: string;
  readonly storeDir: string;
  /** Whether the process is running. */
  readonly running: boolean;
  /** The process id while running. */
  readonly pid: number | undefined;
  /** Kills the process (SIGKILL: a crash, not a shutdown) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same ports and store, and waits until it accepts connections. */
  start(): Promise<void>;
}

export interface NatsServers {
  readonly nodes: readonly NatsNode[];
  /** Client URLs of every node. */
  readonly urls: string[];
  /** Kills every node and removes the store directories. Idempotent. */
  close(): Promise<void>;
}

/** The nats-server binary: $NATS_SERVER, else on PATH, else Debian's /usr/sbin (not on a non-root PATH). */
/** Why a test that needs nats-server must be skipped here (the message says how to get one), or false. */
export function natsServerMissing(): string | false {
  try {
    natsServerBinary();
    return false;
  } catch (error) {
    return (error as Error).message;
  }
}

export function natsServerBinary(): string {
  const candidates = [process.env.NATS_SERVER, "nats-server", "/usr/sbin/nats-server", "/usr/bin/nats-server"];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      execFileSync(candidate, ["--version"], { stdio: "ignore" });
      return candidate;
    } catch {
      // try the next one
    }
  }
  throw new Error(
    "nats-server not found: run packages/testkit/scripts/ensure-nats-server.sh (installs Debian's nats-server with apt-get), or set NATS_SERVER",
  );
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

async function waitForPort(port: number, timeoutMs: number, process: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) {
      const lines = log().trim().split("\n");
      throw new Error(`nats-server exited with code ${process.exitCode}: ${lines[lines.length - 1] ?? ""}`);
    }
    if (await accepts(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nats-server did not listen on ${port} within ${timeoutMs} ms`);
}

/** Starts `size` nodes: one server (size 1) or a cluster whose nodes route to each other. */
export async function startNatsServers(
  size = 1,
  options: {
    debugLog?: boolean;
    /** nats-server configuration text for every node (e.g. "max_pending: 65536"); the command line still sets ports. */
    config?: string;
  } = {},
): Promise<NatsServers> {
  const binary = natsServerBinary();
  const root = mkdtempSync(join(tmpdir(), "tickwire-nats-"));
  const configFile = join(root, "nats.conf");
  if (options.config !== undefined) writeFileSync(configFile, options.config);
  // Nine ports for a cluster of three, all different (each was free when picked, but not yet bound).
  const picked = new Set<number>();
  while (picked.size < size * 3) picked.add(await freePort());
  const list = [...picked];
  const ports = Array.from({ length: size }, (_, i) => list.slice(i * 3, i * 3 + 3));
  const routes = ports.map(([, cluster]) => `nats://127.0.0.1:${cluster}`).join(",");
  const nodes = ports.map(([port, clusterPort, monitorPort], i) => {
    const name = `n${i + 1}`;
    const storeDir = join(root, name);
    let child: ChildProcess | undefined;
    const args = ["-a", "127.0.0.1", "-p", String(port), "-m", String(monitorPort), "-js", "-sd", storeDir, "-n", name];
    if (options.config !== undefined) args.unshift("-c", configFile);
    if (size > 1)
      args.push("--cluster_name", "tickwire", "--cluster", `nats://127.0.0.1:${clusterPort}`, "--routes", routes);
    const node: NatsNode = {
      name,
      port,
      clusterPort,
      monitorPort,
      url: `nats://127.0.0.1:${port}`,
      storeDir,
      get pid() {
        return node.running ? child?.pid : undefined;
      },
      get running() {
        return child !== undefined && child.exitCode === null && child.signalCode === null;
      },
      async kill() {
        const current = child;
        child = undefined;
        if (!current || current.exitCode !== null || current.signalCode !== null) return;
        const exited = new Promise((r) => current.once("exit", r));
        current.kill("SIGKILL");
        await exited;
      },
      async start() {
        if (node.running) return;
        const started = spawn(binary, args, { stdio: ["ignore", "ignore", options.debugLog ? "inherit" : "pipe"] });
        started.on("error", () => {}); // reported through exitCode by waitForPort
        // The end of what it logged, for the error should it exit at start (a port taken, a bad configuration).
        let logTail = "";
        started.stderr?.on("data", (chunk: Buffer) => {
          logTail = (logTail + chunk.toString("utf8")).slice(-600);
        });
        child = started;
        await waitForPort(port, 10_000, started, () => logTail);
      },
    };
    return node;
  });
  let closed = false;
  const servers: NatsServers = {
    nodes,
    urls: nodes.map((n) => n.url),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(nodes.map((n) => n.kill()));
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all(nodes.map((n) => n.start()));
  } catch (error) {
    await servers.close();
    throw error;
  }
  return servers;
}

/**
 * The JetStream metadata leader's server name as a running node reports it (its monitoring endpoint's /jsz), or
 * undefined while none is elected or no node answers.
 */
export async function metaLeader(servers: NatsServers): Promise<string | undefined> {
  for (const node of servers.nodes) {
    if (!node.running) continue;
    try {
      const response = await fetch(`http://127.0.0.1:${node.monitorPort}/jsz`, { signal: AbortSignal.timeout(1000) });
      const jsz = (await response.json()) as { meta_cluster?: { leader?: string } };
      const leader = jsz.meta_cluster?.leader;
      if (leader) return leader;
    } catch {
      // Not answering (starting, or loaded): ask the next one.
    }
  }
  return undefined;
}
