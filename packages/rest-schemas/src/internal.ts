// `@tickwire/rest-schemas/internal`: what the tickwire packages share beyond the REST contract (the client's errors
// and logs, the sandbox's logger), kept out of the public API. Not for applications: it may change in any release.
export { isSecretFieldName, REDACTED, SECRET_FIELD_NAMES, scrubSecrets } from "./redact.js";
