// Hostile input to the sandbox server. Each case runs on its own sandbox (127.0.0.1, port 0), sends its bytes over a
// raw socket, and records the status, the body, the time to rejection, and whether the server still answers a normal
// secured request afterwards. Slow cases run side by side, so the whole part is bounded by the longest one.
import { startSandbox } from "@tickwire/sandbox";
import type { PartOptions, PartReport } from "../parts.js";
import {
  bodyCases,
  type HostileCase,
  headerCases,
  LOGIN,
  loginFloodCases,
  POSITIONS,
  slowCases,
  tokenCases,
} from "./cases.js";
import { type ConnectionCaseReport, runConnectionFaults } from "./connection.js";
import { forgedTokens } from "./forged.js";
import { httpRequest, type RawResult, rawExchange } from "./raw.js";

const SECRET = "hostile-runner-secret-of-32-bytes-or-more";
const USER = { userId: "HOSTILE01", appKey: "hostile-app-key-0123456789" };

export interface CaseReport {
  group: string;
  name: string;
  ok: boolean;
  expected: string;
  /** Status of the answer that decided the case (the first refusal for floods); "cut" when none came. */
  status: number | "cut" | "gave-up";
  /** The decisive answer's JSON error, cut to 300 characters. */
  body: string;
  /** Time from the first byte to the rejection. */
  ms: number;
  /** For floods: the attempt the first refusal came at, and the Retry-After given. */
  attempt?: number;
  retryAfter?: string;
  /** A normal secured request on the same server, right after the case. */
  servesAfter: boolean;
  /** The case got a 2xx where a refusal was expected. */
  gotIn: boolean;
}

async function jsonPost(target: { host: string; port: number }, path: string, body: string): Promise<RawResult> {
  const bytes = httpRequest("POST", path, { "content-type": "application/json" }, body);
  return rawExchange({ host: target.host, port: target.port, pieces: [bytes] });
}

function decisive(hostile: HostileCase, results: RawResult[]): { result: RawResult; attempt: number } {
  const index = results.findIndex((r) => hostile.expect.includes(r.status) && r.status !== 200);
  if (index >= 0) return { result: results[index] as RawResult, attempt: index + 1 };
  const last = results.at(-1) as RawResult;
  return { result: last, attempt: results.length };
}

function isJsonError(body: string): boolean {
  try {
    return (JSON.parse(body) as { status?: unknown }).status === "error";
  } catch {
    return false;
  }
}

async function runCase(hostile: HostileCase, log: PartOptions["log"]): Promise<CaseReport> {
  const sandbox = await startSandbox({
    users: [USER],
    jwtSecret: SECRET,
    logger: false,
    rate: 50,
    ...(hostile.sandbox ?? {}),
  } as Parameters<typeof startSandbox>[0]);
  try {
    const base = { host: sandbox.host, port: sandbox.port, ...USER };
    const login = await jsonPost(base, LOGIN, JSON.stringify(USER));
    const token = (JSON.parse(login.body) as { data: { accessToken: string } }).data.accessToken;
    const results = await hostile.send({ ...base, token });
    const { result, attempt } = decisive(hostile, results);
    const cut = result.status === 0 && (result.end === "closed-without-answer" || result.end === "reset");
    const status: CaseReport["status"] = result.end === "gave-up" ? "gave-up" : cut ? "cut" : result.status;
    const gotIn = results.some((r) => r.status >= 200 && r.status < 300) && !hostile.expect.includes(200);
    const after = await rawExchange({
      host: sandbox.host,
      port: sandbox.port,
      pieces: [httpRequest("GET", POSITIONS, { authorization: `Bearer ${token}` })],
    });
    const expected = hostile.expect.includes(status as never);
    const jsonOk = status === "cut" || status === 200 || isJsonError(result.body);
    const report: CaseReport = {
      group: hostile.group,
      name: hostile.name,
      ok: expected && jsonOk && !gotIn && after.status === 200,
      expected: hostile.expect.join(" or "),
      status,
      body: result.body.slice(0, 300),
      ms: Math.round(result.ms),
      ...(results.length > 1 ? { attempt, retryAfter: result.headers["retry-after"] } : {}),
      servesAfter: after.status === 200,
      gotIn,
    };
    log(
      `${report.ok ? "ok  " : "FAIL"} ${hostile.group} / ${hostile.name}: ${status} in ${report.ms} ms${
        report.attempt ? ` (attempt ${report.attempt})` : ""
      }${report.servesAfter ? "" : ", server no longer serves"}`,
    );
    return report;
  } finally {
    await sandbox.close();
  }
}

export async function run({ quick, log }: PartOptions): Promise<PartReport> {
  const now = Math.floor(Date.now() / 1000);
  const probe = await startSandbox({ users: [USER], jwtSecret: SECRET, logger: false, paused: true });
  const login = await jsonPost({ host: probe.host, port: probe.port }, LOGIN, JSON.stringify(USER));
  await probe.close();
  const genuine = (JSON.parse(login.body) as { data: { accessToken: string } }).data.accessToken;
  const forged = await forgedTokens({ secret: SECRET, genuine, userId: USER.userId, now });
  const sequential = [...bodyCases(), ...headerCases(), ...loginFloodCases(), ...(await tokenCases(forged))];
  const started = performance.now();
  const [slow, fast] = await Promise.all([
    Promise.all(slowCases(quick).map((hostile) => runCase(hostile, log))),
    (async () => {
      const reports: CaseReport[] = [];
      for (const hostile of sequential) reports.push(await runCase(hostile, log));
      return reports;
    })(),
  ]);
  const cases = [...fast, ...slow];
  const failed = cases.filter((c) => !c.ok);
  const gotIn = cases.filter((c) => c.gotIn);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const connectionStarted = performance.now();
  const connectionCases = await runConnectionFaults({
    start: async () => {
      const sandbox = await startSandbox({ users: [USER], jwtSecret: SECRET, logger: false, rate: 2000 });
      const login = await jsonPost({ host: sandbox.host, port: sandbox.port }, LOGIN, JSON.stringify(USER));
      return { sandbox, token: (JSON.parse(login.body) as { data: { accessToken: string } }).data.accessToken };
    },
    staleToken: staleKey(forged),
    repeats: quick ? 5 : 20,
    log,
  });
  const connectionSeconds = ((performance.now() - connectionStarted) / 1000).toFixed(1);
  const connectionFailed = connectionCases.filter((c) => !c.ok);
  return {
    ok: failed.length === 0 && connectionFailed.length === 0,
    summary:
      `${cases.length} hostile cases in ${seconds} s: ${cases.length - failed.length} refused as expected, ${failed.length} not (${failed
        .map((c) => c.name)
        .join("; ")}); ${gotIn.length} got in; server served after every case: ${cases.every((c) => c.servesAfter)}. ` +
      connectionSummary(connectionCases, connectionSeconds),
    quick,
    node: process.version,
    machine: "shared 2-core VM, other jobs running",
    cases,
    connectionCases,
  };
}

/** The vendor's reconnect presents the key of its first login after it expired: a genuine-looking, expired token. */
function staleKey(forged: [string, string][]): string {
  const expired = forged.find(([name]) => name.startsWith("expired"));
  if (!expired) throw new Error("hostile: the forged tokens have no expired one");
  return expired[1];
}

function connectionSummary(reports: ConnectionCaseReport[], seconds: string): string {
  const failed = reports.filter((c) => !c.ok);
  const repeats = reports.reduce((sum, c) => sum + c.repeats, 0);
  const leaked = reports.reduce((sum, c) => sum + c.leakedSockets, 0);
  return (
    `${reports.length} connection-fault cases (${repeats} faulted connections) in ${seconds} s: ` +
    `${reports.length - failed.length} ok, ${failed.length} not (${failed.map((c) => c.name).join("; ")}); ` +
    `server served after every repeat: ${reports.every((c) => c.servesAfter)}; sockets left: ${leaked}`
  );
}
