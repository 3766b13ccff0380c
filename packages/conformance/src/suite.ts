import { type NamedCheck, runChecks } from "./checks.js";
import { clientChecks } from "./client-checks.js";
import { codecChecks } from "./codec-checks.js";
import { restChecks } from "./rest-checks.js";
import { runtimeChecks } from "./runtime-checks.js";

export const checks: readonly NamedCheck[] = [...runtimeChecks, ...codecChecks, ...restChecks, ...clientChecks];
export type { CheckResult, ConformanceEnv } from "./checks.js";
export { runChecks };
