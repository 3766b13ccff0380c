// A TCP proxy between a client (a relay) and its NATS server whose connections can stall (the server no longer reading
// what the client writes) and be cut: what the client wrote meanwhile never reaches the server, as on a lost route to
// a busy server. Raw bytes both ways, nothing parsed (FaultProxy is the one that delays, fragments and injects).
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";

/** A TCP proxy to `port` whose connections `cut()` destroys (both sides), as a lost route to the server would. */
export async function cuttableProxy(
  port: number,
): Promise<{ url: string; stall(): void; cut(): number; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const clients = new Map<Socket, Socket>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(port, "127.0.0.1");
    for (const s of [client, upstream]) {
      open.add(s);
      s.on("error", () => {});
      s.on("close", () => {
        open.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    clients.set(client, upstream);
    client.on("close", () => clients.delete(client));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no proxy address");
  return {
    url: `nats://127.0.0.1:${address.port}`,
    /** What the clients write from now on stays in the proxy (a server not reading), lost at the cut. */
    stall() {
      for (const [client, upstream] of clients) {
        client.unpipe(upstream);
        client.pause();
      }
    },
    /** Destroys every connection, both sides; returns how many client connections there were. */
    cut() {
      const n = clients.size;
      for (const s of open) s.destroy();
      return n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
