// The call shape of the generated validators (src/gen/validators/), apart from the generated code so that their
// declarations stay readable.
import type { AjvError } from "./issues.js";

/** An Ajv standalone validator: true when the value matches, else false with the reasons in `errors`. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
