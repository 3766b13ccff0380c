// `@tickwire/proto/internal`: helpers the tickwire packages share (codec, rest-schemas, client, sandbox), kept out of
// the package's public API. Not for applications: it may change in any release.
export { brandErrorClass } from "./brand.js";
export { isSecretFieldName, REDACTED, SECRET_FIELD_NAMES, scrubSecrets } from "./redact.js";
