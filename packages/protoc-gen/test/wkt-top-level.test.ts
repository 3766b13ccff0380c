// The well-known types as top-level messages (decodeStruct, decodeAny, decodeTimestamp ...), deep-equal
// to fromBinary with their message schemas: this plugin run over google/protobuf/*.proto themselves,
// their types imported from @bufbuild/protobuf/wkt (types=), into a temporary directory, then the
// differential suite over every message. As fields they are covered by google-schemas.test.ts.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { create, type DescFile, fromBinary } from "@bufbuild/protobuf";
import {
  CodeGeneratorRequestSchema,
  FileDescriptorSetSchema,
  file_google_protobuf_any,
  file_google_protobuf_duration,
  file_google_protobuf_empty,
  file_google_protobuf_field_mask,
  file_google_protobuf_struct,
  file_google_protobuf_timestamp,
  file_google_protobuf_wrappers,
} from "@bufbuild/protobuf/wkt";
import { protocGenTickwire } from "../src/plugin.js";
import { differentialSuite, fuzzRuns } from "./differential-suite.js";
import { type Codec, codecsOf } from "./generated.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const WELL_KNOWN: DescFile[] = [
  file_google_protobuf_struct,
  file_google_protobuf_any,
  file_google_protobuf_wrappers,
  file_google_protobuf_timestamp,
  file_google_protobuf_duration,
  file_google_protobuf_field_mask,
  file_google_protobuf_empty,
];

// buf adds the well-known types' descriptors to any module that imports them: test_messages_proto3 imports all seven.
const built = spawnSync(
  join(root, "node_modules", ".bin", "buf"),
  ["build", join(root, "test", "proto-google"), "--as-file-descriptor-set", "-o", "-#format=binpb"],
  { maxBuffer: 64 << 20 },
);
assert.equal(built.status, 0, built.stderr?.toString());
const response = protocGenTickwire.run(
  create(CodeGeneratorRequestSchema, {
    protoFile: fromBinary(FileDescriptorSetSchema, built.stdout).file,
    fileToGenerate: WELL_KNOWN.map((file) => `${file.name}.proto`),
    parameter: "target=ts,import_extension=js,types=@bufbuild/protobuf/wkt",
  }),
);
assert.equal(response.error ?? "", "");
// Inside the package, so that the generated imports resolve.
const dir = mkdtempSync(join(root, "test", ".wkt-top-level-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const codecs: Codec[] = [];
for (const file of WELL_KNOWN) {
  const generated = response.file.find((f) => f.name === `${file.name}_tw.ts`);
  assert.ok(generated !== undefined, `${file.name}_tw.ts generated`);
  const path = join(dir, generated.name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, generated.content);
  codecs.push(...codecsOf(file, (await import(pathToFileURL(path).href)) as Record<string, unknown>));
}

differentialSuite(codecs, fuzzRuns(100));
