// The REST half of the contract on Fastify: app_login, positions, last traded price and trades.
import { JsonSyntaxError, parseJson } from "@tickwire/rest-schemas";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Logger } from "pino";
import { allowCors } from "./cors.js";
import {
  answerClientError,
  decodeUtf8Body,
  InvalidBodyError,
  LoginLimiter,
  nodeServerOptions,
  type ResolvedLimits,
} from "./limits.js";
import { positionsOf, type TradeBook } from "./positions.js";
import type { PriceBook } from "./prices.js";
import { RequestValidationError, type RouteKind, schemaOf, serializerCompiler, validatorCompiler } from "./schemas.js";
import { bearerToken, TOKEN_FAILURE_MESSAGES, type TokenClaims, type TokenService } from "./tokens.js";
import { documentedTrades } from "./trades.js";
import { appKeyMatches, type UserDirectory } from "./users.js";

/** Which error body a route answers with (docs/contract.md, "Login response", "Last traded price" and "Errors"). */
type ErrorShape = "login" | "ltp" | "plain";

export type ResponseForm = "legacy" | "envelope";

/**
 * The spellings the platform vendor's own SDK, docs and Postman collection use, served next to the contract's paths
 * (docs/platform.md, "Paths the platform's own clients use"). Login and the feed have one spelling.
 */
export const VENDOR_PATHS = Object.freeze({
  positions: Object.freeze(["/api_interactive/api/v1/positions"]),
  trades: Object.freeze(["/api/v1/trades"]),
  ltp: Object.freeze(["/md-api/marketfeed/ltp", "/marketfeed/ltp"]),
});

export const CONTRACT_PATHS = Object.freeze({
  login: "/api_gateway/v1/api/app_login",
  positions: "/api/v1/positions",
  trades: "/api_interactive/api/v1/trades",
  ltp: "/api/marketfeed/ltp",
});

/**
 * The envelope form's `error_type` for a status, from the vendor's exception table (docs/platform.md, "Error types"):
 * a failed login or an expired token is AuthenticationError (401), a session to log in again TokenException (403),
 * bad input InputException (400), an unreachable back end NetworkException (502), an unclassified failure
 * GeneralException (500). Other 4xx (404, 413, 429: the table names no class for them) get its general RequestError.
 */
export function errorTypeOf(status: number): string {
  const named = ERROR_TYPES[status];
  if (named) return named;
  return status < 500 ? "RequestError" : "GeneralException";
}

const ERROR_TYPES: Readonly<Record<number, string>> = Object.freeze({
  400: "InputException",
  401: "AuthenticationError",
  403: "TokenException",
  500: "GeneralException",
  502: "NetworkException",
});

export interface HttpOptions {
  users: UserDirectory;
  tokens: TokenService;
  prices: PriceBook;
  tradeBook: (clientCode: string) => TradeBook;
  logger: Logger;
  maxLtpIds: number;
  responseForm: ResponseForm;
  /** Serve VENDOR_PATHS next to the contract's paths. */
  vendorPaths: boolean;
  validateResponses: boolean;
  limits: ResolvedLimits;
  /** Origins allowed to call the REST API from a browser; none (no CORS headers) when empty. */
  corsOrigins: readonly string[];
}

/** An answer the server means to give, with the text for `message` and, on LTP, `error`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export const LTP_MISSING = {
  message: "Instrument IDs are invalid or missing",
  error: "InstrumentIds array must not be empty",
} as const;

declare module "fastify" {
  interface FastifyContextConfig {
    shape?: ErrorShape;
    secured?: boolean;
  }
  interface FastifyRequest {
    claims?: TokenClaims;
  }
}

function errorBody(shape: ErrorShape, message: string, detail?: string): Record<string, unknown> {
  if (shape === "login") return { status: "error", message, data: null };
  if (shape === "ltp") return { status: "error", message, error: detail ?? message };
  return { status: "error", message: detail ? `${message}: ${detail}` : message };
}

function responses(success: RouteKind, failure: RouteKind) {
  return { 200: schemaOf(success), "4xx": schemaOf(failure), "5xx": schemaOf(failure) };
}

function bodyLimit(request: FastifyRequest): number {
  return request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0;
}

/** Turns any error into the route's JSON error body; faults become a 500 without a stack or the fault's text. */
function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const shape = request.routeOptions.config.shape ?? "plain";
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send(errorBody(shape, error.message, error.detail));
  }
  if (error instanceof RequestValidationError) {
    if (shape === "ltp") {
      const missing = error.issues.some(
        (i) => i.path === "" || (i.path === "/InstrumentIds" && (i.keyword === "required" || i.keyword === "minItems")),
      );
      return reply.code(400).send(errorBody(shape, LTP_MISSING.message, missing ? LTP_MISSING.error : error.message));
    }
    return reply.code(400).send(errorBody(shape, `Invalid request payload: ${error.message}`));
  }
  const status = (error as { statusCode?: number }).statusCode;
  const code = (error as { code?: string }).code;
  if (error instanceof JsonSyntaxError || error instanceof InvalidBodyError || code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    const text = error instanceof Error && code !== "FST_ERR_CTP_EMPTY_JSON_BODY" ? error.message : "the body is empty";
    return reply
      .code(400)
      .send(errorBody(shape, shape === "ltp" ? LTP_MISSING.message : `Invalid request payload: ${text}`, text));
  }
  if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    // The contract lists 400 for an invalid payload; a body that is not JSON is one.
    return reply.code(400).send(errorBody(shape, "Invalid request payload: Content-Type must be application/json"));
  }
  if (code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return reply.code(413).send(errorBody(shape, `Request body is too large: at most ${bodyLimit(request)} bytes`));
  }
  if (typeof status === "number" && status >= 400 && status < 500) {
    return reply.code(status).send(errorBody(shape, (error as Error).message));
  }
  request.log.error({ err: error }, "request failed");
  return reply.code(500).send(errorBody(shape, "Internal server error"));
}

function tooManyIds(count: number, max: number): void {
  if (count > max) {
    throw new HttpError(
      400,
      "Too many instrument IDs",
      `InstrumentIds holds ${count} identifiers; at most ${max} are allowed per request`,
    );
  }
}

export async function buildHttpApp(options: HttpOptions): Promise<FastifyInstance> {
  const { limits } = options;
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: limits.bodyLimitBytes,
    http: nodeServerOptions(limits),
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    clientErrorHandler: (error, socket) => answerClientError(error, socket, limits),
    forceCloseConnections: true,
    return503OnClosing: true,
  });
  const loginLimiter = limits.loginRateLimit
    ? new LoginLimiter(limits.loginRateLimit, () => options.tokens.now())
    : undefined;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.validateResponses));
  // Lossless parsing: a 17-digit id must reach the handler as written, which JSON.parse cannot promise.
  // JSON only: Fastify's default text/plain parser would hand the raw text to the schema, whose error then echoed it
  // (appKey included) back; removed, a text/plain body is refused by its Content-Type instead.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    try {
      const text = decodeUtf8Body(body as Buffer, request.headers["content-type"]);
      // An empty body is a missing one: the schema then says what was required.
      done(null, text.trim() === "" ? undefined : parseJson(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody("plain", `Route ${request.method} ${request.url.split("?")[0]} not found`));
  });
  if (options.corsOrigins.length > 0) allowCors(app, options.corsOrigins);
  app.addHook("onRequest", async (request, reply) => {
    if (!request.routeOptions.config.secured) return;
    const header = request.headers.authorization;
    const token = bearerToken(header);
    const check = await options.tokens.verify(token);
    if (!check.ok) {
      // A header that is there but not a Bearer credential is an invalid one, not a missing one.
      const reason = check.reason === "missing" && header ? "invalid" : check.reason;
      reply.header("www-authenticate", `Bearer error="invalid_token"`);
      throw new HttpError(401, "Unauthorized", TOKEN_FAILURE_MESSAGES[reason]);
    }
    request.claims = check.claims;
  });

  app.post(
    CONTRACT_PATHS.login,
    {
      config: { shape: "login" },
      schema: { body: schemaOf("loginRequest"), response: responses("loginSuccess", "loginError") },
    },
    async (request, reply) => {
      const { userId, appKey } = request.body as { userId: string; appKey: string };
      // Checked before the key, so a guess that happens to be right during a lockout learns nothing.
      const retryAfter = loginLimiter?.retryAfterSeconds(userId, request.ip) ?? 0;
      if (retryAfter > 0) {
        reply.header("retry-after", String(retryAfter));
        throw new HttpError(429, `Too many failed login attempts: retry after ${retryAfter} s`);
      }
      const user = await options.users.lookup(userId);
      if (!appKeyMatches(user, appKey) || !user) {
        loginLimiter?.recordFailure(userId, request.ip);
        throw new HttpError(401, "Invalid userId or appKey");
      }
      loginLimiter?.recordSuccess(userId);
      if (user.disabled) throw new HttpError(403, "Access denied: the user is disabled");
      const { token } = await options.tokens.issue(user.userId, user.clientCode ?? user.userId);
      request.log.info({ userId: user.userId }, "login succeeded");
      return { status: "success", message: "Login successful", data: { accessToken: token } };
    },
  );

  const envelope = options.responseForm === "envelope";
  if (envelope) {
    // Every JSON error body of a route (and of the 404 answer) gains the documented `error_type`.
    app.addHook("preSerialization", async (_request, reply, payload) => {
      const body = payload as { status?: unknown } | null;
      if (body === null || typeof body !== "object" || body.status !== "error") return payload;
      return { ...body, error_type: errorTypeOf(reply.statusCode) };
    });
  }
  const spellings = (contract: string, vendor: readonly string[]) =>
    options.vendorPaths ? [contract, ...vendor] : [contract];

  /** A GET of `route` at each of its spellings, behind a token, answering `success` or the error body. */
  const securedGet = (
    route: "positions" | "trades",
    success: RouteKind,
    handler: (claims: TokenClaims) => Promise<unknown>,
  ) => {
    for (const url of spellings(CONTRACT_PATHS[route], VENDOR_PATHS[route])) {
      app.get(
        url,
        { config: { shape: "plain", secured: true }, schema: { response: responses(success, "errorBody") } },
        async (request) => handler(request.claims as TokenClaims),
      );
    }
  };

  securedGet("positions", envelope ? "positionsEnvelopeCamel" : "positions", async (claims) => {
    const records = positionsOf(options.tradeBook(claims.client), options.prices, claims.sub);
    if (!envelope) return { [claims.client]: records };
    return { status: "success", message: "Positions fetched", data: { [claims.client]: records.map(camelCase) } };
  });

  securedGet("trades", envelope ? "tradesEnvelope" : "trades", async (claims) => {
    const book = options.tradeBook(claims.client);
    if (!envelope) return book.trades;
    return { status: "success", message: "Trades fetched", data: documentedTrades(book, claims.sub) };
  });

  for (const url of spellings(CONTRACT_PATHS.ltp, VENDOR_PATHS.ltp)) {
    app.post(
      url,
      {
        config: { shape: "ltp", secured: true },
        // Before schema validation: 300,000 bad ids would otherwise each be checked and each get an issue in the answer.
        preValidation: async (request) => {
          const ids = (request.body as { InstrumentIds?: unknown } | undefined)?.InstrumentIds;
          if (Array.isArray(ids)) tooManyIds(ids.length, options.maxLtpIds);
        },
        schema: {
          body: schemaOf("ltpRequest"),
          response: responses(envelope ? "ltpSuccessCamel" : "ltpSuccess", "ltpError"),
        },
      },
      async (request) => {
        const { InstrumentIds } = request.body as { InstrumentIds: (number | bigint)[] };
        const data: Record<string, unknown> = {};
        for (const raw of InstrumentIds) {
          if (typeof raw === "number" && !Number.isSafeInteger(raw)) {
            throw new HttpError(
              400,
              LTP_MISSING.message,
              `InstrumentIds holds ${raw}, written in a form that loses digits`,
            );
          }
          const entry = options.prices.get(BigInt(raw));
          // An id without a price is left out: the contract allows fewer entries than were asked for.
          if (!entry) continue;
          data[String(entry.id)] = envelope
            ? { instrumentId: entry.id, instrumentName: entry.name, ltp: entry.ltp }
            : { InstrumentID: entry.id, InstrumentName: entry.name, LTP: entry.ltp };
        }
        return envelope ? { status: "success", message: "LTP fetched", data } : { status: "success", data };
      },
    );
  }

  return app;
}

/** A position record with the newer documentation's camelCase keys (entity_id is entityId, ...). */
function camelCase(record: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    out[key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return out;
}
