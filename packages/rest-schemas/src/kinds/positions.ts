// Positions in the contract's form (an object keyed by client code) and in the newer documented envelope.
import { validatePositionRecord } from "../gen/validators/position-record.js";
import { validatePositionRecordCamel } from "../gen/validators/position-record-camel.js";
import { validatePositionsEnvelope } from "../gen/validators/positions-envelope.js";
import { validatePositionsEnvelopeCamel } from "../gen/validators/positions-envelope-camel.js";
import { validatePositionsResponse } from "../gen/validators/positions-response.js";
import { POSITION_NUMBER_FIELDS, POSITION_NUMBER_FIELDS_CAMEL } from "./fields.js";
import type { PayloadKind } from "./spec.js";

// The patterns are written out rather than derived, so that a kind a bundle does not import costs it nothing.
export const positionRecordKind: PayloadKind<"positionRecord"> = {
  name: "positionRecord",
  schema: "position-record.schema.json",
  validate: validatePositionRecord,
  ids: [["instrument_id"]],
  numbers: [[POSITION_NUMBER_FIELDS]],
};

/** Keyed by client code, each an array of records. */
export const positionsKind: PayloadKind<"positions"> = {
  name: "positions",
  schema: "positions-response.schema.json",
  validate: validatePositionsResponse,
  ids: [["*", "*", "instrument_id"]],
  numbers: [["*", "*", POSITION_NUMBER_FIELDS]],
};

export const positionsEnvelopeKind: PayloadKind<"positionsEnvelope"> = {
  name: "positionsEnvelope",
  schema: "positions-envelope.schema.json",
  validate: validatePositionsEnvelope,
  ids: [["data", "*", "*", "instrument_id"]],
  numbers: [["data", "*", "*", POSITION_NUMBER_FIELDS]],
};

export const positionRecordCamelKind: PayloadKind<"positionRecordCamel"> = {
  name: "positionRecordCamel",
  schema: "position-record-camel.schema.json",
  validate: validatePositionRecordCamel,
  ids: [["instrumentId"]],
  numbers: [[POSITION_NUMBER_FIELDS_CAMEL]],
};

export const positionsEnvelopeCamelKind: PayloadKind<"positionsEnvelopeCamel"> = {
  name: "positionsEnvelopeCamel",
  schema: "positions-envelope-camel.schema.json",
  validate: validatePositionsEnvelopeCamel,
  ids: [["data", "*", "*", "instrumentId"]],
  numbers: [["data", "*", "*", POSITION_NUMBER_FIELDS_CAMEL]],
};
