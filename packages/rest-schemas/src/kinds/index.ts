// Every payload kind by name. Importing `kinds` brings every validator; import the kinds you use by their own
// names (`positionsKind`, ...) and a bundle carries only theirs.
import type { Kind } from "../types.js";
import { errorBodyKind } from "./error-body.js";
import { loginErrorKind, loginRequestKind, loginResponseKind, loginSuccessKind } from "./login.js";
import {
  ltpEntryCamelKind,
  ltpEntryKind,
  ltpErrorKind,
  ltpRequestKind,
  ltpResponseKind,
  ltpSuccessCamelKind,
  ltpSuccessKind,
} from "./ltp.js";
import {
  positionRecordCamelKind,
  positionRecordKind,
  positionsEnvelopeCamelKind,
  positionsEnvelopeKind,
  positionsKind,
} from "./positions.js";
import type { PayloadKind } from "./spec.js";
import { tradeRecordKind, tradesEnvelopeKind, tradesKind } from "./trades.js";

export const kinds: { readonly [K in Kind]: PayloadKind<K> } = {
  loginRequest: loginRequestKind,
  loginSuccess: loginSuccessKind,
  loginError: loginErrorKind,
  loginResponse: loginResponseKind,
  errorBody: errorBodyKind,
  positionRecord: positionRecordKind,
  positions: positionsKind,
  positionsEnvelope: positionsEnvelopeKind,
  positionRecordCamel: positionRecordCamelKind,
  positionsEnvelopeCamel: positionsEnvelopeCamelKind,
  ltpRequest: ltpRequestKind,
  ltpEntry: ltpEntryKind,
  ltpSuccess: ltpSuccessKind,
  ltpError: ltpErrorKind,
  ltpResponse: ltpResponseKind,
  ltpEntryCamel: ltpEntryCamelKind,
  ltpSuccessCamel: ltpSuccessCamelKind,
  tradeRecord: tradeRecordKind,
  trades: tradesKind,
  tradesEnvelope: tradesEnvelopeKind,
};
