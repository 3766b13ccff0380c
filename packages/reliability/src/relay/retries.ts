// Kept apart from common.ts: the relay part's child processes import it, and common.ts brings the sandbox with it.
/**
 * On a machine loaded past 40 (other work), JetStream's first answers took longer than nats.js's 5 s request timeout,
 * or it answered "temporarily unavailable", and a child that could not start ended the run; after the node-kill
 * scenario, the read of what the stream stored timed out once so too (CI, Node 24, beside the untimed tests): a few more
 * tries, logged.
 */
export async function withRetries<T>(what: string, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt === 5) throw error;
      process.stderr.write(`relay part: ${what} failed (${(error as Error).message}); trying again\n`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
