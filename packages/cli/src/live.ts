import type { Command } from "commander";
import type { Io } from "./cli.js";
import type { ExitCode } from "./exit-codes.js";
export function registerLiveCommands(_program: Command, _io: Io, _setExit: (code: ExitCode) => void): void {}
