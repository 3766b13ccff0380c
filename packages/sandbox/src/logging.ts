// pino with the secrets taken out. Three layers, because a secret can reach a log line by more than one road:
// redaction of known paths (the Authorization header, appKey, tokens), a request serializer that blanks the WebSocket
// URL's `key` parameter, and a last pass over every serialized line that blanks anything shaped like a secret. What
// is shaped like a secret, and which field names hold one, is defined once in @tickwire/rest-schemas/internal, shared with
// the client.
import { REDACTED, SECRET_FIELD_NAMES, scrubSecrets } from "@tickwire/rest-schemas/internal";
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

export { REDACTED };

/** Blanks JWT-shaped text, `key=` query values and Bearer credentials. */
export const scrub: (text: string) => string = scrubSecrets;

// Every secret field at the top level and one level down (pino paths are exact, so these spellings only), and the
// places request logging puts the Authorization header.
const REDACT_PATHS = [
  "req.headers.authorization",
  "headers.authorization",
  "body.appKey",
  ...SECRET_FIELD_NAMES.flatMap((name) => [name, `*.${name}`]),
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
