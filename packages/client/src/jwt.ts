// Reads a JWT's `exp` claim without verifying the token: the client cannot verify HS256 (it has no key), and only
// needs to know when to log in again. Standard JS only (atob, TextDecoder), so it runs in browsers too.

/** The `exp` claim in epoch milliseconds, or undefined when the token is not a JWT or carries no numeric `exp`. */
export function tokenExpiry(token: string): number | undefined {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[1] === "") return undefined;
  try {
    const base64 = parts[1].replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (payload === null || typeof payload !== "object") return undefined;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === "number" && Number.isFinite(exp) && exp > 0 ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
