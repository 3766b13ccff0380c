// Every kind of forged access token we could think of. Some are signed with the server's own secret (the runner
// configures it), to show that a claim check, not only the signature, refuses them.
import { createHmac, generateKeyPairSync } from "node:crypto";
import { SignJWT } from "jose";

const encoder = new TextEncoder();
const b64url = (text: string | Uint8Array) => Buffer.from(text).toString("base64url");

function hs256(header: object, payload: object, key: string | Uint8Array): string {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`;
}

export interface ForgeContext {
  /** The server's HS256 secret. */
  secret: string;
  /** A genuine token issued by the server, for tampering. */
  genuine: string;
  userId: string;
  /** Server time, epoch seconds. */
  now: number;
}

/** [name, token] pairs; none of them may get in. */
export async function forgedTokens(context: ForgeContext): Promise<[string, string][]> {
  const { secret, genuine, userId, now } = context;
  const key = encoder.encode(secret);
  const valid = { sub: userId, sid: "forged-session", client: userId, exp: now + 600 };
  const [, payload = "", signature = ""] = genuine.split(".");
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const rs256 = await new SignJWT(valid).setProtectedHeader({ alg: "RS256", typ: "JWT" }).sign(privateKey);
  return [
    ["alg none, no signature", `${b64url('{"alg":"none","typ":"JWT"}')}.${b64url(JSON.stringify(valid))}.`],
    ["alg None (case variant)", `${b64url('{"alg":"None","typ":"JWT"}')}.${b64url(JSON.stringify(valid))}.`],
    ["alg none with the genuine signature kept", `${b64url('{"alg":"none"}')}.${payload}.${signature}`],
    ["HS256 with a wrong key", hs256({ alg: "HS256", typ: "JWT" }, valid, "a-wrong-key-that-is-32-bytes-long!!")],
    ["HS256 with an empty key", hs256({ alg: "HS256", typ: "JWT" }, valid, "")],
    ["RS256 signed with a private key", rs256],
    ["RS/HS confusion: HS256 keyed with an RSA public key PEM", hs256({ alg: "HS256", typ: "JWT" }, valid, publicPem)],
    ["HS512 with the server's own secret", await new SignJWT(valid).setProtectedHeader({ alg: "HS512" }).sign(key)],
    ["expired (exp an hour ago)", hs256({ alg: "HS256", typ: "JWT" }, { ...valid, exp: now - 3600 }, secret)],
    ["not yet valid (nbf in an hour)", hs256({ alg: "HS256", typ: "JWT" }, { ...valid, nbf: now + 3600 }, secret)],
    [
      "issued in the future (iat in an hour)",
      hs256({ alg: "HS256", typ: "JWT" }, { ...valid, iat: now + 3600 }, secret),
    ],
    ["missing sub", hs256({ alg: "HS256", typ: "JWT" }, { ...valid, sub: undefined }, secret)],
    ["missing sid", hs256({ alg: "HS256", typ: "JWT" }, { ...valid, sid: undefined }, secret)],
    ["missing exp", hs256({ alg: "HS256", typ: "JWT" }, { ...valid, exp: undefined }, secret)],
    ["exp as a string", hs256({ alg: "HS256", typ: "JWT" }, { ...valid, exp: String(now + 600) }, secret)],
    ["sub not a string", hs256({ alg: "HS256", typ: "JWT" }, { ...valid, sub: 42 }, secret)],
    ["wrong token type (typ refresh+jwt)", hs256({ alg: "HS256", typ: "refresh+jwt" }, valid, secret)],
    ["critical header the server does not know", hs256({ alg: "HS256", crit: ["x-tw"], "x-tw": 1 }, valid, secret)],
    ["a JWE-shaped token (five parts)", `${b64url('{"alg":"dir","enc":"A256GCM"}')}..aaaa.bbbb.cccc`],
    ["tampered payload, genuine signature", `${genuine.split(".")[0]}.${b64url(JSON.stringify(valid))}.${signature}`],
    ["garbage", "garbage"],
    ["three empty parts", ".."],
    ["a 7,000-character token", `${"A".repeat(3500)}.${"B".repeat(3500)}.C`],
    ["payload not JSON", `${b64url('{"alg":"HS256"}')}.${b64url("not json")}.${signature}`],
  ];
}
