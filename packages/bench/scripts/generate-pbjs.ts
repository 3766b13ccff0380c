// The general suite's protobufjs peer: static code from pbjs (protobufjs-cli) for the
// bench's schemas (features, proto2, payload and editions in one module) and the plugin's
// orders schema, committed under src/gen like the other generated code (`pnpm generate`;
// CI checks it is fresh). The same pbjs
// options as the market-data peer (src/peers.ts): only encode/decode, the code a hot
// path would ship. Each file gets a root of its own so the modules never share a namespace.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const pbjs = require.resolve("protobufjs-cli/bin/pbjs");
const at = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const outputs = [
  {
    root: "tickwire_bench_features",
    protos: [
      "proto/tickwire/bench/v1/features.proto",
      "proto/tickwire/bench/v1/proto2.proto",
      "proto/tickwire/bench/v1/payload.proto",
      "proto/tickwire/bench/v1/editions.proto",
    ],
    out: "src/gen/tickwire/bench/v1/features_pbjs.js",
  },
  {
    root: "tickwire_bench_orders",
    protos: ["../protoc-gen/test/proto/tickwire/orders/v1/orders.proto"],
    out: "src/gen/tickwire/orders/v1/orders_pbjs.js",
  },
];

for (const { root, protos, out } of outputs) {
  execFileSync(
    process.execPath,
    [
      pbjs,
      ...["-t", "static-module", "-w", "es6", "-r", root, "--no-verify", "--no-convert", "--no-delimited"],
      ...["--no-typeurl", "--no-service", "--no-comments", "-o", at(out), ...protos.map(at)],
    ],
    { stdio: "inherit" },
  );
}
