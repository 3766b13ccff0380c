// A free loopback port for a server a test starts itself (a sandbox, a board, a nats-server node).
import { createServer } from "node:net";

/** A port on 127.0.0.1 that was free a moment ago: listened on and closed again. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
