// Differential tests compare what two readers do with the same input, a throw included: an outcome holds either.

export type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** What `f` returned, or what it threw. */
export function outcomeOf(f: () => unknown): Outcome {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}
