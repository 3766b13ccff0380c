// pino with the secrets taken out. Three layers, because a secret can reach a log line by more than one road:
// redaction of known paths (the Authorization header, appKey, tokens), a request serializer that blanks the WebSocket
// URL's `key` parameter, and a last pass over every serialized line that blanks anything shaped like a JWT.
import { type Logger, pino } from "pino";

/** Where log lines go: anything with `write(line)`, e.g. a stream, or an object collecting lines in a test. */
export interface LogDestination {
  write(line: string): unknown;
}

export interface LoggerOptions {
  /** pino level (default "info"). */
  level?: string;
  /** Default: standard output. */
  stream?: LogDestination;
}

export const REDACTED = "[REDACTED]";

const JWT_SHAPE = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g;
const KEY_PARAM = /([?&]key=)[^&#\s"]*/g;

/** Blanks JWT-shaped text and `key=` query values. */
export function scrub(text: string): string {
  return text.replace(JWT_SHAPE, REDACTED).replace(KEY_PARAM, `$1${REDACTED}`);
}

const REDACT_PATHS = [
  "req.headers.authorization",
  "headers.authorization",
  "authorization",
  "appKey",
  "*.appKey",
  "body.appKey",
  "accessToken",
  "*.accessToken",
  "token",
  "*.token",
  "key",
  "*.key",
];

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(options: false | LoggerOptions | undefined): Logger {
  if (options === false) return pino({ level: "silent" });
  const target = options?.stream ?? process.stdout;
  const destination = { write: (line: string) => target.write(scrub(line)) };
  return pino(
    {
      level: options?.level ?? "info",
      base: { name: "tickwire-sandbox" },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: {
        req: (req: RequestLike) => ({
          method: req.method,
          url: req.url === undefined ? undefined : scrub(req.url),
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
