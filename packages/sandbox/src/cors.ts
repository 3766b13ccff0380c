// CORS for browser clients on another origin (a page served elsewhere calling the sandbox's REST API). Off unless
// origins are configured: a stand-in server should not widen what the real platform is known to allow.
import type { FastifyInstance } from "fastify";

/** Request headers a browser client sends that are not CORS-safelisted (the Bearer token, JSON bodies). */
const ALLOWED_HEADERS = "authorization, content-type, accept";
/** Response headers the client reads beyond the safelisted ones: the clock (token expiry) and back-off hints. */
const EXPOSED_HEADERS = "date, retry-after, www-authenticate";
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** `origins` are exact origins ("http://127.0.0.1:5173"), or "*" for any. */
export function allowCors(app: FastifyInstance, origins: readonly string[]): void {
  for (const origin of origins) checkOrigin(origin);
  const any = origins.includes("*");
  const allowed = new Set(origins);
  // An onRequest hook that runs before authentication, so a 401 carries the headers too and the page can read it.
  app.addHook("onRequest", async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    reply.header("vary", "origin");
    const ok = any || allowed.has(origin);
    const preflight = request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined;
    if (ok) {
      reply.header("access-control-allow-origin", origin);
      reply.header("access-control-expose-headers", EXPOSED_HEADERS);
    }
    if (!preflight) return;
    if (!ok) {
      return reply.code(403).send({ status: "error", message: `Origin ${origin} is not allowed` });
    }
    return reply
      .code(204)
      .header("access-control-allow-methods", "GET, POST")
      .header("access-control-allow-headers", ALLOWED_HEADERS)
      .header("access-control-max-age", String(PREFLIGHT_MAX_AGE_SECONDS))
      .send();
  });
}

/** An origin is a scheme, host and port with nothing after it; a path or a typo would never match a browser's. */
function checkOrigin(origin: string): void {
  if (origin === "*") return;
  let parsed: URL | undefined;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || parsed.origin !== origin) {
    throw new TypeError(
      `corsOrigins: ${JSON.stringify(origin)} is not an origin such as "http://127.0.0.1:5173" (or "*")`,
    );
  }
}
