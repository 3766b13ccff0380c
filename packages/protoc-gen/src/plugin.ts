import { createEcmaScriptPlugin } from "@bufbuild/protoplugin";
import { generateFile, type PluginOptions } from "./generate.js";

export const VERSION = "0.0.0";

function parseOptions(raw: { key: string; value: string }[]): PluginOptions {
  const options: PluginOptions = { runtime: "@tickwire/runtime", types: undefined, internals: false };
  for (const { key, value } of raw) {
    if (key === "runtime" && value !== "") options.runtime = value;
    else if (key === "types" && value !== "") options.types = value;
    else if (key === "internals" && (value === "true" || value === "false")) options.internals = value === "true";
    else {
      throw new Error(
        `protoc-gen-tickwire: unknown option ${key}=${value} (known: runtime=<import path>, types=<import path>, internals=true|false)`,
      );
    }
  }
  return options;
}

/** protoc-gen-tickwire: `<name>_tw.ts` (or .js with target=js) beside protoc-gen-es's `<name>_pb.ts`. */
export const protocGenTickwire = createEcmaScriptPlugin<PluginOptions>({
  name: "protoc-gen-tickwire",
  version: `v${VERSION}`,
  parseOptions,
  generateTs(schema) {
    for (const file of schema.files) generateFile(schema, file);
  },
});
