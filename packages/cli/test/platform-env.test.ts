// --url, --user and --app-key come from TICKWIRE_URL, TICKWIRE_USER and TICKWIRE_APP_KEY when not given (commander's
// Option.env), and an empty variable counts as unset.
import assert from "node:assert/strict";
import { test } from "node:test";
import { tickwire } from "./helpers.js";

const unset = { TICKWIRE_URL: "", TICKWIRE_USER: "", TICKWIRE_APP_KEY: "" };

test("demo takes the platform URL from TICKWIRE_URL (then it needs a user and a key)", async () => {
  const result = await tickwire(["demo"], { env: { ...unset, TICKWIRE_URL: "http://127.0.0.1:9" } });
  assert.equal(result.code, 2);
  assert.match(result.stderr, /--url needs --user and --app-key/);
});

test("board takes the platform URL from TICKWIRE_URL too", async () => {
  const result = await tickwire(["board", "--seconds", "1"], { env: { ...unset, TICKWIRE_URL: "http://127.0.0.1:9" } });
  assert.equal(result.code, 2);
  assert.match(result.stderr, /--url needs --user and --app-key/);
});

test("relay takes all three from the environment: with them it gets past the usage check", async () => {
  const missing = await tickwire(["relay", "--nats", "nats://127.0.0.1:9", "--seconds", "1"], {
    env: { ...unset, TICKWIRE_URL: "http://127.0.0.1:9", TICKWIRE_USER: "u" },
  });
  assert.equal(missing.code, 2, missing.stderr);
  assert.match(missing.stderr, /give --url, --user and --app-key/);
  const given = await tickwire(["relay", "--nats", "nats://127.0.0.1:9", "--seconds", "1"], {
    env: { ...unset, TICKWIRE_URL: "http://127.0.0.1:9", TICKWIRE_USER: "u", TICKWIRE_APP_KEY: "k-from-env" },
    timeoutMs: 30_000,
  });
  assert.doesNotMatch(given.stderr, /give --url, --user and --app-key/);
  assert.ok(
    !given.stderr.includes("k-from-env") && !String(given.stdout).includes("k-from-env"),
    "the key is never shown",
  );
});

test("help names the variables and never shows their values", async () => {
  for (const command of ["demo", "board", "relay"]) {
    const result = await tickwire([command, "--help"], { env: { TICKWIRE_APP_KEY: "secret-in-env" } });
    assert.equal(result.code, 0);
    const help = String(result.stdout);
    for (const name of ["TICKWIRE_URL", "TICKWIRE_USER", "TICKWIRE_APP_KEY"])
      assert.match(help, new RegExp(`env: ${name}`));
    assert.ok(!help.includes("secret-in-env"), command);
  }
});
