// The hostile cases: each sends something a client should not, on a fresh sandbox, and says what a correct server
// answers. A case passes when the status is the expected one (or the server cut a connection it had to cut), the body
// is a JSON error, and nothing got in.
import { bytewise, httpRequest, type RawResult, rawExchange } from "./raw.js";

export const LOGIN = "/api_gateway/v1/api/app_login";
export const LTP = "/api/marketfeed/ltp";
export const POSITIONS = "/api/v1/positions";
export const FEED = "/md-streaming/ws";

export interface Target {
  host: string;
  port: number;
  userId: string;
  appKey: string;
  token: string;
}

export interface HostileCase {
  name: string;
  group: string;
  /** Statuses that count as a correct refusal; "cut" is a connection closed by the server without an answer. */
  expect: (number | "cut")[];
  /** Sandbox options this case needs beyond the runner's (e.g. short timeouts). */
  sandbox?: Record<string, unknown>;
  /** How long the runner waits for an answer. */
  giveUpMs?: number;
  send(target: Target): Promise<RawResult[]>;
}

const json = { "content-type": "application/json" };
const once = (target: Target, bytes: Uint8Array, giveUpMs?: number) =>
  rawExchange({ host: target.host, port: target.port, pieces: [bytes], giveUpMs }).then((r) => [r]);
const loginBody = (target: Target, appKey = target.appKey) => JSON.stringify({ userId: target.userId, appKey });
const ltpHeaders = (target: Target) => ({ ...json, authorization: `Bearer ${target.token}` });

function ids(count: number, id = "110010000002885"): string {
  return `{"InstrumentIds":[${Array.from({ length: count }, () => id).join(",")}]}`;
}

export function bodyCases(): HostileCase[] {
  const big = (target: Target) => `{"userId":"${target.userId}","appKey":"${"k".repeat(2 * 1024 * 1024)}"}`;
  return [
    {
      name: "2 MiB login body",
      group: "oversized body",
      expect: [413],
      send: (t) => once(t, httpRequest("POST", LOGIN, json, big(t))),
    },
    {
      name: "20 MiB LTP body",
      group: "oversized body",
      expect: [413, "cut"],
      send: (t) => once(t, httpRequest("POST", LTP, ltpHeaders(t), "[".repeat(20 * 1024 * 1024))),
    },
    {
      name: "content-length 10 GiB announced, 1 KiB sent",
      group: "oversized body",
      expect: [413],
      send: (t) => {
        const head = `POST ${LOGIN} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${10 * 2 ** 30}\r\n\r\n`;
        return once(t, new TextEncoder().encode(head + "{".repeat(1024)));
      },
    },
    {
      name: "chunked body over the limit",
      group: "oversized body",
      expect: [413, "cut"],
      send: (t) => {
        const chunk = `100000\r\n${" ".repeat(0x100000)}\r\n`;
        const head = `POST ${LOGIN} HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`;
        return once(t, new TextEncoder().encode(`${head}${chunk}${chunk}0\r\n\r\n`));
      },
    },
    ...[
      ["login", LOGIN, 100_000, "["],
      ["login", LOGIN, 100_000, '{"a":'],
      ["LTP", LTP, 500_000, "["],
    ].map(
      ([route, path, depth, open]): HostileCase => ({
        name: `${route}: JSON nested ${Number(depth).toLocaleString("en-US")} deep (${open})`,
        group: "deep JSON",
        expect: [400],
        send: (t) =>
          once(
            t,
            httpRequest("POST", String(path), path === LTP ? ltpHeaders(t) : json, String(open).repeat(Number(depth))),
          ),
      }),
    ),
    ...[
      ["text/plain", "text/plain"],
      ["form-urlencoded", "application/x-www-form-urlencoded"],
      ["multipart", "multipart/form-data; boundary=x"],
      ["application/xml", "application/xml"],
      ["application/json; charset=utf-16", "application/json; charset=utf-16"],
      ["no content-type", ""],
    ].map(
      ([label, type]): HostileCase => ({
        name: `login with ${label}`,
        group: "wrong content type",
        expect: [400, 415],
        send: (t) => once(t, httpRequest("POST", LOGIN, type ? { "content-type": String(type) } : {}, loginBody(t))),
      }),
    ),
    {
      name: "login with a 2 KiB content-type parameter (the user's right key: a parameter is ignored)",
      group: "wrong content type",
      expect: [200],
      send: (t) =>
        once(
          t,
          httpRequest("POST", LOGIN, { "content-type": `application/json; x=${"y".repeat(2048)}` }, loginBody(t)),
        ),
    },
    {
      name: "LTP with 1,001 ids (one over the limit)",
      group: "huge InstrumentIds",
      expect: [400],
      send: (t) => once(t, httpRequest("POST", LTP, ltpHeaders(t), ids(1001))),
    },
    {
      name: "LTP with 60,000 ids (just under 1 MiB)",
      group: "huge InstrumentIds",
      expect: [400],
      send: (t) => once(t, httpRequest("POST", LTP, ltpHeaders(t), ids(60_000))),
    },
    {
      name: "LTP with 300,000 invalid ids (-1)",
      group: "huge InstrumentIds",
      expect: [400],
      send: (t) => once(t, httpRequest("POST", LTP, ltpHeaders(t), ids(300_000, "-1"))),
    },
    {
      name: "LTP with 200,000 ids in exponent form",
      group: "huge InstrumentIds",
      expect: [400],
      send: (t) => once(t, httpRequest("POST", LTP, ltpHeaders(t), ids(200_000, "1e16"))),
    },
    ...[
      ["a lone 0xFF in the userId", [0xff]],
      ["an overlong encoding of '/' (C0 AF)", [0xc0, 0xaf]],
      ["a UTF-16 surrogate encoded (ED A0 80)", [0xed, 0xa0, 0x80]],
      ["a truncated 3-byte sequence", [0xe2, 0x82]],
    ].map(
      ([label, bad]): HostileCase => ({
        name: `login body with ${label}`,
        group: "invalid UTF-8",
        expect: [400],
        send: (t) => {
          const before = new TextEncoder().encode('{"userId":"');
          const after = new TextEncoder().encode(`${t.userId}","appKey":"${t.appKey}"}`);
          const body = Uint8Array.from([...before, ...(bad as number[]), ...after]);
          return once(t, httpRequest("POST", LOGIN, json, body));
        },
      }),
    ),
  ];
}

export function headerCases(): HostileCase[] {
  return [
    {
      name: "one 64 KiB header",
      group: "header flood",
      expect: [431],
      send: (t) => once(t, httpRequest("GET", POSITIONS, { "x-big": "a".repeat(64 * 1024) })),
    },
    {
      name: "10,000 small headers",
      group: "header flood",
      expect: [431],
      send: (t) =>
        once(
          t,
          httpRequest(
            "GET",
            POSITIONS,
            Array.from({ length: 10_000 }, (_, k): [string, string] => [`x-h${k}`, "v"]),
          ),
        ),
    },
    {
      name: "1,900 small headers, then a valid token",
      group: "header flood",
      expect: [401, 431],
      send: (t) =>
        once(
          t,
          httpRequest("GET", POSITIONS, [
            ...Array.from({ length: 1900 }, (_, k): [string, string] => [`x${k}`, "v"]),
            ["authorization", `Bearer ${t.token}`],
          ]),
        ),
    },
    {
      name: "a 64 KiB URL",
      group: "header flood",
      expect: [431, 414, 400],
      send: (t) => once(t, httpRequest("GET", `${POSITIONS}?q=${"a".repeat(64 * 1024)}`, {})),
    },
  ];
}

/** Slow requests; `limitMs` is how long the case may take (it waits a little longer to see what happens). */
export function slowCases(quick: boolean): HostileCase[] {
  const sandbox = quick ? { limits: { headersTimeoutMs: 1500, requestTimeoutMs: 3000, idleTimeoutMs: 3000 } } : {};
  const giveUpMs = quick ? 8_000 : 95_000;
  const pauseMs = quick ? 200 : 1000;
  const headerStart = new TextEncoder().encode(`POST ${LOGIN} HTTP/1.1\r\nhost: x\r\nx-slow: `);
  const trickledHeader = [headerStart, ...bytewise(new Uint8Array(Math.ceil(giveUpMs / pauseMs) + 10).fill(97))];
  return [
    {
      name: "headers trickled a byte at a time, never finished",
      group: "slowloris",
      expect: [408, "cut"],
      sandbox,
      giveUpMs,
      send: (t) =>
        rawExchange({ host: t.host, port: t.port, pieces: trickledHeader, pauseMs, giveUpMs }).then((r) => [r]),
    },
    {
      name: "headers complete, body trickled a byte at a time",
      group: "slowloris",
      expect: [408, "cut"],
      sandbox,
      giveUpMs,
      send: (t) => {
        const head = `POST ${LOGIN} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n`;
        const start = new TextEncoder().encode(head);
        const pieces = [start, ...bytewise(new Uint8Array(Math.ceil(giveUpMs / pauseMs) + 10).fill(32))];
        return rawExchange({ host: t.host, port: t.port, pieces, pauseMs, giveUpMs }).then((r) => [r]);
      },
    },
    {
      name: "a connection that sends nothing",
      group: "slowloris",
      expect: [408, "cut"],
      sandbox,
      giveUpMs,
      send: (t) => rawExchange({ host: t.host, port: t.port, pieces: [], giveUpMs }).then((r) => [r]),
    },
  ];
}

export function loginFloodCases(): HostileCase[] {
  return [
    {
      name: "30 wrong keys for one userId, then the right key",
      group: "failed logins",
      expect: [429],
      send: (t) => loginsInTurn(t, [...Array.from({ length: 30 }, (_, k) => loginBody(t, `wrong-${k}`)), loginBody(t)]),
    },
    {
      name: "300 wrong logins from one address, each a different userId",
      group: "failed logins",
      expect: [429],
      send: (t) =>
        loginsInTurn(
          t,
          Array.from({ length: 300 }, (_, k) => JSON.stringify({ userId: `USER${k}`, appKey: "guess" })),
        ),
    },
  ];
}

/** Each body POSTed to app_login in turn, the next after the answer to the one before; the answers in order. */
async function loginsInTurn(t: Target, bodies: string[]): Promise<RawResult[]> {
  const results: RawResult[] = [];
  for (const body of bodies) results.push(...(await once(t, httpRequest("POST", LOGIN, json, body))));
  return results;
}

export async function tokenCases(forged: [string, string][]): Promise<HostileCase[]> {
  return forged.flatMap(([label, token]): HostileCase[] => [
    {
      name: `REST: ${label}`,
      group: "forged token",
      expect: [401],
      send: (t) => once(t, httpRequest("GET", POSITIONS, { authorization: `Bearer ${token}` })),
    },
    {
      name: `WebSocket upgrade: ${label}`,
      group: "forged token",
      expect: [401],
      send: (t) =>
        once(
          t,
          httpRequest("GET", `${FEED}?key=${encodeURIComponent(token)}`, {
            upgrade: "websocket",
            connection: "Upgrade",
            "sec-websocket-version": "13",
            "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
          }),
        ),
    },
  ]);
}
