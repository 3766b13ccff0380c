// `@tickwire/runtime/internal`: what the tickwire packages share beyond generated code, kept out of the public API.
// Not for applications: it may change in any release.
export { brandErrorClass } from "./brand.js";
export { codedErrorJSON } from "./error-json.js";
