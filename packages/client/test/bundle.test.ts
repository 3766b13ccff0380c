// The client as a browser bundle (esbuild, minified): what a web app ships. The feed needs only the seven subtype
// names from @tickwire/proto, so neither the protobuf-es runtime nor the generated descriptor may come along.
import assert from "node:assert/strict";
import { test } from "node:test";
import { build } from "esbuild";

// With protobuf-es (58.8 KB of it) and the descriptor the bundle was 303.1 KB; without them 239.8 KB (most of it
// rest-schemas' validators), 256.8 KB once the generated decoders read one-byte varints and doubles inline
// (38 KB of it the market-data codec); 192 KB once rest-schemas' validators called a $ref'd schema's function instead
// of inlining a copy of it (157 KB of validators became 88 KB); 159.6 KB once each validator was a module of its own
// and the client imported the payload kinds it reads (59 KB of validators). The limit leaves room for ordinary growth
// and fails if the runtime or the inlined copies come back.
const LIMIT_BYTES = 170_000;

/** The validators the client's calls need: login, positions, trades and LTP answers, the error body, and their $refs. */
const VALIDATORS_USED = [
  "error",
  "login-success",
  "ltp-entry",
  "ltp-entry-camel",
  "ltp-success",
  "ltp-success-camel",
  "position-record",
  "position-record-camel",
  "positions-envelope",
  "positions-envelope-camel",
  "positions-response",
  "trade-record",
  "trades-envelope",
  "trades-response",
];

test("the browser bundle carries neither the protobuf-es runtime nor the proto descriptor, only the validators its calls use, and stays under the limit", async () => {
  const result = await build({
    entryPoints: [new URL("../src/index.ts", import.meta.url).pathname],
    bundle: true,
    minify: true,
    platform: "browser",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const inputs = Object.keys(result.metafile.inputs);
  assert.deepEqual(
    inputs.filter((path) => path.includes("@bufbuild/protobuf") || path.includes("marketdata_pb")),
    [],
  );
  const bundle = result.outputFiles[0].text;
  // protobuf-es's runtime names its well-known types (google.protobuf.DescriptorProto, ...) in plain strings.
  assert.doesNotMatch(bundle, /google\.protobuf\./);
  for (const name of ["TickDataMessage", "IncrementalUpdateMessage", "TickData"])
    assert.match(bundle, new RegExp(name));
  const validators = Object.values(result.metafile.outputs)
    .flatMap((output) => Object.entries(output.inputs))
    .filter(([path, input]) => path.includes("rest-schemas/dist/gen/validators/") && input.bytesInOutput > 0)
    .map(([path]) => path.replace(/^.*\/validators\/(.*)\.js$/, "$1"))
    .sort();
  // Not the requests', the login error's or the LTP error's: the client never parses those.
  assert.deepEqual(validators, VALIDATORS_USED);
  const size = result.outputFiles[0].contents.length;
  assert.ok(size < LIMIT_BYTES, `the browser bundle is ${size} bytes, over the ${LIMIT_BYTES}-byte limit`);
});
