// A TCP proxy in front of one NATS node for the relay's connection, to lose it mid-run (TICKWIRE_RELAY_CUT_AT_SECONDS):
// `stallThenCut` stops passing the relay's writes, then destroys both sides, so what the relay wrote meanwhile never
// reaches the server, as when a route to a busy server is lost.
import { createServer, type Socket, connect as tcpConnect } from "node:net";

export interface CutProxy {
  url: string;
  stallThenCut(stallMs: number): Promise<number>;
  close(): Promise<void>;
}

export async function cutProxy(target: string): Promise<CutProxy> {
  const port = Number(new URL(target).port);
  const pairs = new Map<Socket, Socket>();
  const server = createServer((client) => {
    const upstream = tcpConnect(port, "127.0.0.1");
    pairs.set(client, upstream);
    for (const s of [client, upstream]) {
      s.on("error", () => {});
      s.on("close", () => {
        pairs.delete(client);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("cut proxy: no address");
  return {
    url: `nats://127.0.0.1:${address.port}`,
    async stallThenCut(stallMs) {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        client.pause();
      }
      await new Promise((resolve) => setTimeout(resolve, stallMs));
      const n = pairs.size;
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      return n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
