// The ```ts examples of the public packages' READMEs and of the root README's per-package sections, as the files a
// consumer would write. A block that cannot run on its own (it needs a socket or a response from elsewhere) says so
// in a comment on the line above it, with the declarations that make it compile:
//   <!-- compile-only (needs a live socket): declare const socket: WebSocket; -->
// It is then type-checked but not run. A marker without a reason is an error. A block that cannot even compile here
// (it imports files a code generator writes in the reader's project) is left out with the reason and where it does run:
//   <!-- not-run: imports the files buf generates; packages/x/test/readme.test.ts generates and runs it -->

export interface Example {
  /** Where it comes from, e.g. `packages/codec/README.md:10`. */
  source: string;
  /** A file name that says where it comes from, e.g. `codec-README-10.ts`. */
  fileName: string;
  code: string;
  /** Why it is compiled only (undefined: it is compiled and run). */
  compileOnly: string | undefined;
}

const compileOnlyMarker = /^<!-- compile-only(?: \((.*?)\))?:?(.*?)-->$/;
const notRunMarker = /^<!-- not-run:(.*?)-->$/;

/**
 * The ts blocks of `markdown`. With `section`, only those under a heading matching it (the root README's
 * `### @tickwire/codec` sections); `label` names the README in sources and file names.
 */
export function extractExamples(markdown: string, readme: string, label: string, section?: RegExp): Example[] {
  const lines = markdown.split("\n");
  const examples: Example[] = [];
  let inSection = section === undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (section !== undefined && /^#{1,6} /.test(line)) inSection = section.test(line);
    const open = /^```(\w*)\s*$/.exec(line);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    if (end < 0) throw new Error(`${readme}:${i + 1}: unclosed code block`);
    const notRun = open[1] === "ts" ? notRunMarker.exec(lines[i - 1] ?? "") : null;
    if (notRun && (notRun[1] ?? "").trim() === "") throw new Error(`${readme}:${i}: a not-run marker needs a reason`);
    if (open[1] === "ts" && inSection && !notRun) {
      const marker = compileOnlyMarker.exec(lines[i - 1] ?? "");
      const reason = marker?.[1]?.trim();
      if (marker && !reason) throw new Error(`${readme}:${i}: a compile-only marker needs a reason: (why)`);
      const declarations = marker?.[2]?.trim() ?? "";
      const body = lines.slice(i + 1, end).join("\n");
      examples.push({
        source: `${readme}:${i + 1}`,
        fileName: `${label}-${i + 1}.ts`,
        // Declarations after the body keep line N of the file at line N of the block. `export {}`: each example is a
        // module of its own, as a consumer's file is.
        code: `${body}\n${declarations}\nexport {};\n`,
        compileOnly: reason,
      });
    }
    i = end;
  }
  return examples;
}
