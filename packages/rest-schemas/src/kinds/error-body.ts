// Any JSON error body (docs/contract.md, "Errors").
import { validateErrorBody } from "../gen/validators/error.js";
import type { PayloadKind } from "./spec.js";

export const errorBodyKind: PayloadKind<"errorBody"> = {
  name: "errorBody",
  schema: "error.schema.json",
  validate: validateErrorBody,
  ids: [],
  numbers: [],
};
