// The one polling wait of the tests and campaigns: look at a condition every few milliseconds until it holds or time
// runs out. For waits on an event, listen to the event instead.

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` (every `intervalMs`) until it returns true: true then, false once `timeoutMs` has passed. */
export async function poll(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 10,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await sleep(intervalMs);
  }
  return true;
}

/** As `poll`, for a test whose failure is the time-out: throws `timed out waiting for <what>`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  if (!(await poll(check, timeoutMs))) throw new Error(`timed out waiting for ${what}`);
}
