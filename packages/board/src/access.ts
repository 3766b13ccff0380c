// Who may load the board and open its feed: requests whose Host names this board (loopback names by default) and,
// when a browser says where the request comes from, whose Origin is the board's own page. A page on any other site
// cannot read the feed through the user's browser, and a DNS name rebound to 127.0.0.1 is refused by its Host.

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];
const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

export interface AccessCheck {
  /** Whether the Host header names this board. */
  host(header: string | undefined): boolean;
  /** Whether an Origin header is this board's own page; `required` refuses a request without one. */
  origin(header: string | undefined, required: boolean): boolean;
}

/** Host names are compared lower-case; an IPv6 address is written in brackets, as in a Host header. */
export function accessCheck(listenHost: string, port: () => number, extraHosts: readonly string[] = []): AccessCheck {
  const bracket = (name: string) => (name.includes(":") && !name.startsWith("[") ? `[${name}]` : name);
  const names = new Set([...LOOPBACK_NAMES, ...extraHosts.map((name) => bracket(name.toLowerCase()))]);
  if (!WILDCARDS.has(listenHost)) names.add(bracket(listenHost.toLowerCase()));
  const hostname = (value: string): { name: string; port: number } | undefined => {
    try {
      const url = new URL(value);
      return { name: url.hostname.toLowerCase(), port: Number(url.port || (url.protocol === "https:" ? 443 : 80)) };
    } catch {
      return undefined;
    }
  };
  return {
    host(header) {
      if (header === undefined || header === "") return false;
      const parsed = hostname(`http://${header}`);
      return parsed !== undefined && names.has(parsed.name);
    },
    origin(header, required) {
      if (header === undefined) return !required;
      const parsed = hostname(header);
      return parsed !== undefined && names.has(parsed.name) && parsed.port === port();
    },
  };
}
