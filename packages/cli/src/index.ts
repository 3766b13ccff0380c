export { buildProgram, type Io, run } from "./cli.js";
export { CliError, EXIT, type ExitCode } from "./exit-codes.js";
