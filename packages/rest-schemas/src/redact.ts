// What counts as a secret in text the tickwire packages write (the client's errors and log lines, the sandbox's log
// lines): one definition, so the two cannot drift. Web-standard code only: the client runs in browsers.

export const REDACTED = "[REDACTED]";

/**
 * Field names whose values are secrets wherever they appear (any case): the app key, tokens, credentials. The
 * client blanks such fields in what it logs; the sandbox's logger blanks them as paths.
 */
export const SECRET_FIELD_NAMES: readonly string[] = Object.freeze([
  "appKey",
  "accessToken",
  "token",
  "key",
  "authorization",
  "password",
  "secret",
]);

const SECRET_FIELD = new RegExp(`^(${SECRET_FIELD_NAMES.join("|")})$`, "i");

/** Whether a field of that name holds a secret (`SECRET_FIELD_NAMES`, any case). */
export function isSecretFieldName(name: string): boolean {
  return SECRET_FIELD.test(name);
}

// A JWT's three base64url parts, the first starting with '{"' encoded ("eyJ"), any part possibly empty (an unsigned
// or cut token still leaks its claims).
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g;
// A `key=` query value (the feed's token), after any non-word character (`?`, `&`, a space), any case; the value ends
// at a separator, whitespace or a double quote (which keeps a JSON log line valid).
const KEY_PARAM = /(\bkey=)[^&#\s"]*/gi;
const BEARER = /(Bearer\s+)[^\s"',]+/gi;

/** Blanks anything shaped like a JWT, `key=` query values and Bearer credentials. */
export function scrubSecrets(text: string): string {
  return text.replace(JWT_SHAPE, REDACTED).replace(KEY_PARAM, `$1${REDACTED}`).replace(BEARER, `$1${REDACTED}`);
}
