// The shared secret patterns of @tickwire/rest-schemas/internal: each case below is caught by exactly one pattern or one
// widening of it, so dropping or narrowing a pattern fails a test.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isSecretFieldName, REDACTED, SECRET_FIELD_NAMES, scrubSecrets } from "../src/internal.js";
import { describe as describeValue } from "../src/issues.js";

const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl";

describe("scrubSecrets", () => {
  const cases: [string, string, string][] = [
    ["a whole JWT", `token ${JWT} here`, `token ${REDACTED} here`],
    ["a JWT with an empty signature", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1In0. next", `${REDACTED} next`],
    ["a JWT cut to its header and dots", "seen eyJhbGci.. end", `seen ${REDACTED} end`],
    ["a JWT whose header is only its first characters", "seen eyJ.eyJzdWIiOiJ1In0.sig end", `seen ${REDACTED} end`],
    ["a key after ?", "/md-streaming/ws?key=abc123&format=binary", `/md-streaming/ws?key=${REDACTED}&format=binary`],
    ["a key after &", "/ws?format=binary&key=abc123", `/ws?format=binary&key=${REDACTED}`],
    ["a key after a space", "sent key=abc123 twice", `sent key=${REDACTED} twice`],
    ["a key in capitals", "/ws?KEY=abc123", `/ws?KEY=${REDACTED}`],
    ["a key value with a single quote in it", "/ws?key=ab'c1#frag", `/ws?key=${REDACTED}#frag`],
    ["a key value ends at a double quote", '{"url":"/ws?key=abc"}', `{"url":"/ws?key=${REDACTED}"}`],
    ["a Bearer credential", "Authorization: Bearer s3cr3t-value, next", `Authorization: Bearer ${REDACTED}, next`],
    ["a bearer credential in lower case", "bearer   opaque", `bearer   ${REDACTED}`],
  ];
  for (const [name, input, expected] of cases) {
    test(name, () => assert.equal(scrubSecrets(input), expected));
  }

  test("ordinary text stays as it is", () => {
    const text = "monkey=banana eyJ without dots, the key is ready";
    assert.equal(scrubSecrets(text), text);
  });

  test("the same result on every call (no regex state carried over)", () => {
    const input = `a ${JWT} b ?key=x`;
    assert.equal(scrubSecrets(input), scrubSecrets(input));
  });
});

describe("secret field names", () => {
  test("every listed name, in any case", () => {
    for (const name of SECRET_FIELD_NAMES) {
      assert.ok(isSecretFieldName(name), name);
      assert.ok(isSecretFieldName(name.toUpperCase()), name.toUpperCase());
    }
  });

  test("the app key, tokens and credentials are listed", () => {
    for (const name of ["appKey", "accessToken", "token", "key", "authorization", "password", "secret"]) {
      assert.ok(SECRET_FIELD_NAMES.includes(name), name);
    }
  });

  test("a name that only contains one is not a secret field", () => {
    for (const name of ["keyboard", "tokens", "monkey", "instrumentId"]) assert.equal(isSecretFieldName(name), false);
  });
});

test("a validation issue's received value is hidden for every secret field name, as the client's logs are", () => {
  for (const name of ["appKey", "accessToken", "token", "Password", "AUTHORIZATION"]) {
    assert.equal(describeValue("s3cr3t", `/data/${name}`), "string (redacted)", name);
  }
  assert.equal(describeValue("abc", "/data/InstrumentName"), 'string "abc"');
});
