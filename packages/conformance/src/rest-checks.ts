// rest-schemas in the runtime under test: lossless JSON for 64-bit ids and the payload validators.
import {
  loginResponseKind,
  ltpRequestKind,
  parseJson,
  SchemaValidationError,
  stringifyJson,
  validate,
} from "@tickwire/rest-schemas";
import { ensure, fail, type NamedCheck } from "./checks.js";

export const restChecks: readonly NamedCheck[] = [
  {
    name: "rest-schemas: parseJson keeps a 17-digit id exact and stringifyJson writes it back digit for digit",
    run: () => {
      const text = '{"InstrumentIds":[24091124420000098,110010000002885]}';
      const request = parseJson(text, ltpRequestKind);
      ensure(request.InstrumentIds[0] === 24091124420000098n, `read ${String(request.InstrumentIds[0])}`);
      ensure(stringifyJson(request) === text, `wrote ${stringifyJson(request)}`);
    },
  },
  {
    name: "rest-schemas: an empty InstrumentIds is a SchemaValidationError naming the field",
    run: () => {
      try {
        parseJson('{"InstrumentIds":[]}', ltpRequestKind);
      } catch (error) {
        ensure(error instanceof SchemaValidationError, `not a SchemaValidationError: ${String(error)}`);
        ensure(error.message.includes("/InstrumentIds"), `message does not name the field: ${error.message}`);
        return;
      }
      fail("an empty InstrumentIds was accepted");
    },
  },
  {
    name: "rest-schemas: validate accepts a contract login response and refuses a wrong type",
    run: () => {
      const good = validate(loginResponseKind, { status: "success", message: "ok", data: { accessToken: "a.b.c" } });
      const bad = validate(loginResponseKind, { status: "success", data: { accessToken: 5 } });
      ensure(good.length === 0, `a valid login response was refused: ${JSON.stringify(good)}`);
      ensure(bad.length > 0, "a login response with a numeric token was accepted");
    },
  },
];
