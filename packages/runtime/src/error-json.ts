// The log-safe JSON of the tickwire packages' coded errors (the client's TickwireError, the relay's RelayError): one
// shape, so a log reader sees the same fields whichever package raised the error.

/** name, code, message, the subclass's own fields, and the cause's summary: its own JSON, or name, message, code. */
export function codedErrorJSON(error: Error & { readonly code: string }): Record<string, unknown> {
  const out: Record<string, unknown> = { name: error.name, code: error.code, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (key === "name" || key === "code" || key === "cause") continue;
    out[key] = value;
  }
  if (error.cause !== undefined) out.cause = summariseCause(error.cause);
  return out;
}

function summariseCause(cause: unknown): unknown {
  if (cause instanceof Error && typeof (cause as { toJSON?: unknown }).toJSON === "function") {
    return (cause as unknown as { toJSON(): unknown }).toJSON();
  }
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return { name: cause.name, message: cause.message, ...(typeof code === "string" ? { code } : {}) };
  }
  return String(cause);
}
