// --url, --user and --app-key of the commands that can talk to a real platform (demo, board, relay), and --nats of
// relay and tail, each read from the environment when not given. An empty variable counts as unset, so `TICKWIRE_URL=` turns the platform off.
import { type Command, Option } from "commander";

export interface PlatformCredentials {
  url?: string;
  user?: string;
  appKey?: string;
}

/** Adds the three options to `command` and returns it; `urlText` says what --url is for in this command. */
export function withPlatformOptions(command: Command, urlText: string): Command {
  return command
    .addOption(new Option("--url <url>", urlText).env("TICKWIRE_URL"))
    .addOption(new Option("--user <id>", "user id for --url").env("TICKWIRE_USER"))
    .addOption(
      new Option("--app-key <key>", "app key for --url; prefer the environment, a flag shows in ps").env(
        "TICKWIRE_APP_KEY",
      ),
    );
}

/** The values given, by flag or by a non-empty environment variable. */
export function platformCredentials(command: Command): PlatformCredentials {
  const value = (name: string): string | undefined => {
    const given = command.getOptionValue(name) as string | undefined;
    return given === "" && command.getOptionValueSource(name) === "env" ? undefined : given;
  };
  return { url: value("url"), user: value("user"), appKey: value("appKey") };
}

/** `--nats`, read from NATS_URL when not given (a flag beats the environment; an empty variable counts as unset). */
export function natsOption(): Option {
  return new Option("--nats <urls>", "comma-separated NATS URLs").env("NATS_URL");
}

export const DEFAULT_NATS_URL = "nats://127.0.0.1:4222";

/** The NATS servers given by --nats or a non-empty NATS_URL, else the local default. */
export function natsServers(command: Command): string[] {
  const given = command.getOptionValue("nats") as string | undefined;
  return (given === undefined || given === "" ? DEFAULT_NATS_URL : given).split(",");
}
