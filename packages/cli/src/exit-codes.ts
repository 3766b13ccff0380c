/** Process exit codes of the `tickwire` command (documented in the README and `tickwire --help`). */
export const EXIT = {
  /** Everything worked. */
  OK: 0,
  /** Bad input or a runtime failure: a frame that does not decode, a file that cannot be read, a refused login. */
  FAILURE: 1,
  /** The command line itself is wrong: an unknown command or option, a missing or invalid argument. */
  USAGE: 2,
  /** `--keep-going` finished: every good frame was written, and some bad frames were reported and skipped. */
  PARTIAL: 3,
  /** Stopped by SIGINT (Ctrl-C), the shell's convention 128 + 2. */
  INTERRUPTED: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure the command reports as one line on stderr and turns into an exit code, without a stack trace. */
export class CliError extends Error {
  override readonly name = "CliError";
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.FAILURE,
  ) {
    super(message);
  }
}

export const usageError = (message: string): CliError => new CliError(message, EXIT.USAGE);
