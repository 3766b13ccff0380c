// The Node side of a conformance run: the capture every runtime decodes (with Node's reading of it), a sandbox
// to call, and a small HTTP server that hands out the environment and the page and takes the results back.
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { toJsonString } from "@bufbuild/protobuf";
import { decodeMessage } from "@tickwire/codec";
import { MarketDataMessageBaseSchema } from "@tickwire/proto";
import { MarketSimulator, type Sandbox, startSandbox } from "@tickwire/sandbox";
import type { CheckResult, ConformanceEnv } from "../src/checks.js";
import type { Bundles } from "./bundle.js";

const SEED = 20261123;
const CAPTURE_FRAMES = 600;

export interface Fixtures {
  /** http://127.0.0.1:<port>/ : the environment, the page and the results endpoint. */
  readonly url: string;
  readonly env: ConformanceEnv;
  /** Resolves with the results a runtime posts (or rejects after `timeoutMs`). */
  results(runtime: string, timeoutMs: number): Promise<CheckResult[]>;
  close(): Promise<void>;
}

function capture(): Pick<ConformanceEnv, "frames" | "nodeJson"> {
  const simulator = new MarketSimulator({ seed: SEED });
  const frames: string[] = [];
  const nodeJson: string[] = [];
  for (let i = 0; i < CAPTURE_FRAMES; i++) {
    const { bytes } = simulator.next();
    frames.push(Buffer.from(bytes).toString("base64"));
    nodeJson.push(toJsonString(MarketDataMessageBaseSchema, decodeMessage(bytes)));
  }
  return { frames, nodeJson };
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>tickwire conformance</title>
<ol id="results"></ol><script type="module" src="/browser.js"></script>`;

export async function startFixtures(bundles: Bundles): Promise<Fixtures> {
  const waiting = new Map<string, (results: CheckResult[]) => void>();
  const arrived = new Map<string, CheckResult[]>();
  let env: ConformanceEnv | undefined;

  const server: Server = createServer((request, response) => {
    void answer(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  async function answer(request: IncomingMessage, response: ServerResponse) {
    request.on("error", () => {});
    response.on("error", () => {});
    // One request a connection: a runtime fetches env.json, runs its checks, then posts its results, and on a starved
    // machine the checks outlast the server's 5 s keep-alive, so the post could go out on the connection as the server
    // closed it ("other side closed": a CI run's Node 20 runtime lost its results so).
    response.setHeader("connection", "close");
    const url = new URL(request.url ?? "/", "http://localhost");
    if (request.method === "POST" && url.pathname === "/results") {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const runtime = url.searchParams.get("runtime") ?? "unknown";
      const results = JSON.parse(Buffer.concat(chunks).toString("utf8")) as CheckResult[];
      arrived.set(runtime, results);
      waiting.get(runtime)?.(results);
      response.end("ok");
      return;
    }
    const body =
      url.pathname === "/env.json"
        ? { type: "application/json", text: JSON.stringify(env) }
        : url.pathname === "/browser.js"
          ? { type: "text/javascript", text: await readFile(bundles.browser, "utf8") }
          : url.pathname === "/"
            ? { type: "text/html", text: PAGE }
            : url.pathname === "/favicon.ico"
              ? { type: "image/x-icon", text: "" }
              : undefined;
    if (body === undefined) {
      response.statusCode = 404;
      response.end();
      return;
    }
    response.setHeader("content-type", body.type);
    response.end(body.text);
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({ seed: SEED, logger: false, rate: 2000, corsOrigins: [url] });
  } catch (error) {
    server.close();
    throw error;
  }
  const user = sandbox.demoUser;
  if (user === undefined) throw new Error("the sandbox has no demo user");
  env = {
    ...capture(),
    sandboxUrl: sandbox.httpUrl,
    userId: user.userId,
    appKey: user.appKey,
    instrumentIds: sandbox.instruments.slice(0, 8).map((instrument) => String(instrument.id)),
  };
  const ready = env;

  return {
    url: `${url}/`,
    env: ready,
    results(runtime, timeoutMs) {
      const done = arrived.get(runtime);
      if (done) return Promise.resolve(done);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(runtime);
          reject(new Error(`${runtime} posted no results within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(runtime, (results) => {
          clearTimeout(timer);
          waiting.delete(runtime);
          resolve(results);
        });
      });
    },
    async close() {
      await sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
