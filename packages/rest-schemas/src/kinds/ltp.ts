// The LTP request and its answers, in the contract's form and the newer documented camelCase one.
import { validateLtpEntry } from "../gen/validators/ltp-entry.js";
import { validateLtpEntryCamel } from "../gen/validators/ltp-entry-camel.js";
import { validateLtpError } from "../gen/validators/ltp-error.js";
import { validateLtpRequest } from "../gen/validators/ltp-request.js";
import { validateLtpResponse } from "../gen/validators/ltp-response.js";
import { validateLtpSuccess } from "../gen/validators/ltp-success.js";
import { validateLtpSuccessCamel } from "../gen/validators/ltp-success-camel.js";
import type { PayloadKind } from "./spec.js";

export const ltpRequestKind: PayloadKind<"ltpRequest"> = {
  name: "ltpRequest",
  schema: "ltp-request.schema.json",
  validate: validateLtpRequest,
  ids: [["InstrumentIds", "*"]],
  numbers: [],
};

export const ltpEntryKind: PayloadKind<"ltpEntry"> = {
  name: "ltpEntry",
  schema: "ltp-entry.schema.json",
  validate: validateLtpEntry,
  ids: [["InstrumentID"]],
  numbers: [["LTP"]],
};

/** `data` keyed by the decimal instrument id. */
export const ltpSuccessKind: PayloadKind<"ltpSuccess"> = {
  name: "ltpSuccess",
  schema: "ltp-success.schema.json",
  validate: validateLtpSuccess,
  ids: [["data", "*", "InstrumentID"]],
  numbers: [["data", "*", "LTP"]],
};

export const ltpErrorKind: PayloadKind<"ltpError"> = {
  name: "ltpError",
  schema: "ltp-error.schema.json",
  validate: validateLtpError,
  ids: [],
  numbers: [],
};

export const ltpResponseKind: PayloadKind<"ltpResponse"> = {
  name: "ltpResponse",
  schema: "ltp-response.schema.json",
  validate: validateLtpResponse,
  ids: [["data", "*", "InstrumentID"]],
  numbers: [["data", "*", "LTP"]],
  byStatus: { success: ltpSuccessKind, error: ltpErrorKind },
};

export const ltpEntryCamelKind: PayloadKind<"ltpEntryCamel"> = {
  name: "ltpEntryCamel",
  schema: "ltp-entry-camel.schema.json",
  validate: validateLtpEntryCamel,
  ids: [["instrumentId"]],
  numbers: [["ltp"]],
};

export const ltpSuccessCamelKind: PayloadKind<"ltpSuccessCamel"> = {
  name: "ltpSuccessCamel",
  schema: "ltp-success-camel.schema.json",
  validate: validateLtpSuccessCamel,
  ids: [["data", "*", "instrumentId"]],
  numbers: [["data", "*", "ltp"]],
};
