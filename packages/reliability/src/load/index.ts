// REST under load: autocannon on login, LTP and positions at increasing concurrency against a sandbox in a child
// process, one endpoint and one step at a time. Each step reports throughput, p50/p99 latency, the error rate and
// the server's CPU; the breaking point of an endpoint is its first step that does not hold (HOLDS below).
import autocannon from "autocannon";
import type { PartOptions, PartReport } from "../parts.js";
import { forkSandbox, loginToken, type SandboxChild } from "./child.js";

/** A step holds while p99 latency stays at or under this and errors (non-2xx, connection errors, timeouts)... */
export const MAX_P99_MS = 500;
/** ...stay at or under this share of the requests. */
export const MAX_ERROR_RATE = 0.01;

export interface LoadSize {
  connections: number[];
  secondsPerStep: number;
}

export const FULL: LoadSize = { connections: [1, 4, 16, 64, 256, 1024], secondsPerStep: 5 };
export const QUICK: LoadSize = { connections: [1, 16], secondsPerStep: 1 };

export interface StepResult {
  endpoint: string;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  errorRate: number;
  /** CPU the sandbox process used during the step, as a share of one core. */
  serverCpu: number;
  holds: boolean;
}

interface Endpoint {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  authorized: boolean;
}

export async function run(options: PartOptions, size: LoadSize = options.quick ? QUICK : FULL): Promise<PartReport> {
  const { log } = options;
  const limitMs = (size.connections.length * 3 * (size.secondsPerStep + 15) + 120) * 1000;
  const child = await forkSandbox({ rate: 1000, seed: 1 }, limitMs);
  try {
    // The demo user is valid, so the login load never meets a failed-login rate limit.
    const token = await loginToken(child);
    const ltpIds = child.instrumentIds.filter((_, k) => k % 5 === 0);
    const endpoints: Endpoint[] = [
      {
        name: "POST login",
        method: "POST",
        path: "/api_gateway/v1/api/app_login",
        body: JSON.stringify({ userId: child.userId, appKey: child.appKey }),
        authorized: false,
      },
      {
        name: "POST ltp",
        method: "POST",
        path: "/api/marketfeed/ltp",
        // Ids written as JSON numbers, digit for digit (some are above 2^53).
        body: `{"InstrumentIds":[${ltpIds.join(",")}]}`,
        authorized: true,
      },
      { name: "GET positions", method: "GET", path: "/api/v1/positions", authorized: true },
    ];
    const steps: StepResult[] = [];
    for (const endpoint of endpoints) {
      for (const connections of size.connections) {
        const step = await measure(child, endpoint, token, connections, size.secondsPerStep);
        steps.push(step);
        log(
          `load: ${endpoint.name} c=${connections}: ${step.requestsPerSecond} req/s, p50 ${step.p50Ms} ms, ` +
            `p99 ${step.p99Ms} ms, errors ${(step.errorRate * 100).toFixed(2)}%, server cpu ${(step.serverCpu * 100).toFixed(0)}%`,
        );
      }
    }
    const breakingPoints = endpoints.map((endpoint) => {
      const own = steps.filter((s) => s.endpoint === endpoint.name);
      const broken = own.find((s) => !s.holds);
      const peak = own.reduce((best, s) => (s.requestsPerSecond > best.requestsPerSecond ? s : best));
      return {
        endpoint: endpoint.name,
        peakRequestsPerSecond: peak.requestsPerSecond,
        peakAtConnections: peak.connections,
        lastHoldingConnections: [...own]
          .reverse()
          .find((s) => s.holds && (!broken || s.connections < broken.connections))?.connections,
        breaksAtConnections: broken?.connections,
        breaksBecause: broken ? reason(broken) : undefined,
      };
    });
    // The part fails only if an endpoint does not hold with a single connection: the breaking point is a figure.
    const ok = steps.filter((s) => s.connections === size.connections[0]).every((s) => s.holds && s.requests > 0);
    const summary = breakingPoints
      .map(
        (b) =>
          `${b.endpoint}: peak ${b.peakRequestsPerSecond} req/s at ${b.peakAtConnections} connections, ` +
          (b.breaksAtConnections === undefined
            ? `holds up to ${size.connections[size.connections.length - 1]}`
            : `breaks at ${b.breaksAtConnections} (${b.breaksBecause})`),
      )
      .join("; ");
    return {
      ok,
      summary: `${summary} (holds: p99 <= ${MAX_P99_MS} ms and errors <= ${MAX_ERROR_RATE * 100}%)`,
      rule: `a step holds while p99 <= ${MAX_P99_MS} ms and (non-2xx + connection errors + timeouts) <= ${MAX_ERROR_RATE * 100}% of requests`,
      size,
      ltpIds,
      breakingPoints,
      steps,
    };
  } finally {
    const code = await child.close();
    log(`load: sandbox child exited with ${code}`);
  }
}

async function measure(
  child: SandboxChild,
  endpoint: Endpoint,
  token: string,
  connections: number,
  seconds: number,
): Promise<StepResult> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (endpoint.body !== undefined) headers["content-type"] = "application/json";
  if (endpoint.authorized) headers.authorization = `Bearer ${token}`;
  const before = await child.sample();
  const result = await autocannon({
    url: child.httpUrl + endpoint.path,
    method: endpoint.method,
    headers,
    body: endpoint.body,
    connections,
    duration: seconds,
    timeout: 10,
  });
  const after = await child.sample();
  const answered = result.requests.total;
  const failed = result.non2xx + result.errors;
  const errorRate = failed === 0 ? 0 : failed / (answered + result.errors);
  const step: Omit<StepResult, "holds"> = {
    endpoint: endpoint.name,
    connections,
    requests: answered,
    requestsPerSecond: Math.round(answered / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    errorRate,
    serverCpu: Number(((after.cpuMs - before.cpuMs) / (after.atMs - before.atMs)).toFixed(2)),
  };
  return { ...step, holds: answered > 0 && step.p99Ms <= MAX_P99_MS && errorRate <= MAX_ERROR_RATE };
}

function reason(step: StepResult): string {
  const parts: string[] = [];
  if (step.p99Ms > MAX_P99_MS) parts.push(`p99 ${step.p99Ms} ms > ${MAX_P99_MS} ms`);
  if (step.errorRate > MAX_ERROR_RATE) parts.push(`errors ${(step.errorRate * 100).toFixed(1)}%`);
  if (step.requests === 0) parts.push("no answers");
  return parts.join(", ");
}
