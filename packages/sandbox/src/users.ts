// Where users and app keys come from: options, a JSON file, or the environment. Never from source, except the demo
// user, which exists only on a loopback address and says what it is in its key.
import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";

export interface SandboxUser {
  readonly userId: string;
  readonly appKey: string;
  /** A disabled user's correct key is answered with 403. */
  readonly disabled?: boolean;
  /** The client code its positions are keyed by (default: the userId). */
  readonly clientCode?: string;
}

/** A user store: returns the user or undefined. It may be async; a throw is answered with a 500. */
export type UserLookup = (userId: string) => SandboxUser | undefined | Promise<SandboxUser | undefined>;

/** The demo user's credentials: public on purpose, and refused unless the server is bound to loopback. */
export const DEMO_USER: SandboxUser = Object.freeze({
  userId: "DEMO01",
  appKey: "demo-app-key-PUBLIC-loopback-only",
  clientCode: "DEMO01",
});

export const USERS_FILE_ENV = "TICKWIRE_SANDBOX_USERS_FILE";
export const USERS_ENV = "TICKWIRE_SANDBOX_USERS";

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Checks a parsed user list; errors say which entry and which field, never the key itself. */
export function parseUsers(value: unknown, source: string): SandboxUser[] {
  const list = Array.isArray(value) ? value : (value as { users?: unknown } | null)?.users;
  if (!Array.isArray(list)) throw new TypeError(`${source}: expected an array of users or {"users": [...]}`);
  const seen = new Set<string>();
  return list.map((entry: unknown, index) => {
    const where = `${source}: users[${index}]`;
    if (entry === null || typeof entry !== "object") throw new TypeError(`${where} is not an object`);
    const { userId, appKey, disabled, clientCode } = entry as Record<string, unknown>;
    if (typeof userId !== "string" || userId === "") throw new TypeError(`${where}.userId must be a non-empty string`);
    if (typeof appKey !== "string" || appKey.length < 8) {
      throw new TypeError(`${where}.appKey must be a string of at least 8 characters`);
    }
    if (disabled !== undefined && typeof disabled !== "boolean")
      throw new TypeError(`${where}.disabled must be a boolean`);
    if (clientCode !== undefined && (typeof clientCode !== "string" || clientCode === "")) {
      throw new TypeError(`${where}.clientCode must be a non-empty string`);
    }
    if (seen.has(userId)) throw new TypeError(`${where}: duplicate userId ${JSON.stringify(userId)}`);
    seen.add(userId);
    return Object.freeze({ userId, appKey, disabled: disabled === true, clientCode: clientCode ?? userId });
  });
}

function readUsersFile(path: string, source: string): SandboxUser[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`${source}: cannot read users file ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: users file ${path} is not JSON: ${(error as Error).message}`);
  }
  return parseUsers(value, `${source} (${path})`);
}

export interface UserSourceOptions {
  users?: readonly SandboxUser[] | UserLookup;
  usersFile?: string;
  demoUser?: boolean;
  host: string;
  env: Readonly<Record<string, string | undefined>>;
}

export interface UserDirectory {
  lookup: UserLookup;
  /** Set when the demo user is enabled. */
  demo?: SandboxUser;
}

/**
 * Resolves the user source: `users` (a list or a lookup), else `usersFile`, else $TICKWIRE_SANDBOX_USERS_FILE, else
 * $TICKWIRE_SANDBOX_USERS (JSON). The demo user joins when bound to loopback and either asked for or no other source
 * is configured; asking for it on any other address is an error.
 */
export function resolveUsers(options: UserSourceOptions): UserDirectory {
  const loopback = isLoopback(options.host);
  if (options.demoUser === true && !loopback) {
    throw new Error(`demoUser is only allowed on a loopback address, not on ${options.host}`);
  }
  let configured: SandboxUser[] | UserLookup | undefined;
  if (typeof options.users === "function") configured = options.users;
  else if (options.users) configured = parseUsers(options.users, "options.users");
  else if (options.usersFile) configured = readUsersFile(options.usersFile, "options.usersFile");
  else if (options.env[USERS_FILE_ENV]) configured = readUsersFile(options.env[USERS_FILE_ENV], USERS_FILE_ENV);
  else if (options.env[USERS_ENV]) {
    let value: unknown;
    try {
      value = JSON.parse(options.env[USERS_ENV]);
    } catch {
      throw new Error(`${USERS_ENV} is not JSON`);
    }
    configured = parseUsers(value, USERS_ENV);
  }
  const demo = loopback && (options.demoUser ?? configured === undefined) ? DEMO_USER : undefined;
  const list = Array.isArray(configured) ? configured : [];
  const byId = new Map(list.map((user) => [user.userId, user]));
  if (demo && !byId.has(demo.userId)) byId.set(demo.userId, demo);
  const custom = typeof configured === "function" ? configured : undefined;
  const lookup: UserLookup = async (userId) => {
    const found = byId.get(userId);
    if (found) return found;
    return custom ? await custom(userId) : undefined;
  };
  return { lookup, demo };
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
const UNKNOWN_USER_DIGEST = digest("no such user: compared anyway so the answer takes the same time");

/**
 * Compares an app key in constant time: both sides are hashed to 32 bytes first, so neither the content nor the
 * length of the expected key shows in the timing. An unknown user is compared against a dummy digest.
 */
export function appKeyMatches(user: SandboxUser | undefined, provided: string): boolean {
  const expected = user ? digest(user.appKey) : UNKNOWN_USER_DIGEST;
  const equal = timingSafeEqual(expected, digest(provided));
  return equal && user !== undefined;
}
