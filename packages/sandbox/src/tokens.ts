// HS256 access tokens with jose. Verification pins the algorithm, so `alg: none` and any other algorithm fail, and
// the token type (`typ: JWT`); a token whose `iat` lies in the future is refused too.
import { randomBytes, randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

export interface TokenClaims {
  /** The userId. */
  readonly sub: string;
  /** Session id: one per login. */
  readonly sid: string;
  /** The client code the session's positions belong to. */
  readonly client: string;
  /** Expiry, epoch seconds. */
  readonly exp: number;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: "missing" | "expired" | "invalid" };

export const JWT_SECRET_ENV = "TICKWIRE_SANDBOX_JWT_SECRET";

export class TokenService {
  private secret: Uint8Array;

  constructor(
    secret: string | Uint8Array | undefined,
    readonly lifetimeSeconds: number,
    private readonly clock: () => number,
  ) {
    if (!Number.isInteger(lifetimeSeconds) || lifetimeSeconds < 1) {
      throw new RangeError(`tokenLifetimeSeconds must be a positive integer, received ${String(lifetimeSeconds)}`);
    }
    // A random secret per start: tokens of an earlier run are invalid, as they would be after a key rotation.
    this.secret = secret === undefined ? randomBytes(32) : typeof secret === "string" ? Buffer.from(secret) : secret;
    if (this.secret.length < 32) throw new RangeError("jwtSecret must be at least 32 bytes for HS256");
  }

  /** Signs a token for a user. Like the platform's, it has `exp` and no `iat` (docs/platform.md). */
  async issue(userId: string, clientCode: string): Promise<{ token: string; claims: TokenClaims }> {
    const exp = Math.floor(this.clock() / 1000) + this.lifetimeSeconds;
    const sid = randomUUID();
    const token = await new SignJWT({ sid, client: clientCode })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(userId)
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, claims: { sub: userId, sid, client: clientCode, exp } };
  }

  async verify(token: string | undefined): Promise<TokenCheck> {
    if (!token) return { ok: false, reason: "missing" };
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ["HS256"],
        // Only access tokens: a token of another type signed with the same key (none today) must not pass for one.
        typ: "JWT",
        requiredClaims: ["exp", "sub", "sid"],
        currentDate: new Date(this.clock()),
      });
      const { sub, sid, client, exp, iat } = payload as Record<string, unknown>;
      if (typeof sub !== "string" || typeof sid !== "string" || typeof exp !== "number") {
        return { ok: false, reason: "invalid" };
      }
      // jose checks `iat` only against a maximum age; a token from the future was not issued by this clock.
      if (typeof iat === "number" && iat * 1000 > this.clock()) return { ok: false, reason: "invalid" };
      return { ok: true, claims: { sub, sid, exp, client: typeof client === "string" ? client : sub } };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
    }
  }

  /** Revokes every token issued so far (a key rotation): they fail verification from now on; new logins work. */
  revokeAll(): void {
    this.secret = randomBytes(32);
  }

  now(): number {
    return this.clock();
  }
}

/** The token of an `Authorization: Bearer <token>` header; undefined when absent or not a Bearer credential. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

export const TOKEN_FAILURE_MESSAGES = {
  missing: "Access token is missing",
  expired: "Access token has expired",
  invalid: "Access token is invalid",
} as const;
