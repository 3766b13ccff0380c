// The @tickwire/rest-schemas documents, attached to the routes, and the compilers that turn them into Fastify's
// validators and serializers. Validation runs the package's ahead-of-time validators (no Ajv at run time); responses
// are checked against their schema and written with stringifyJson, so a 64-bit id leaves the server digit for digit.
import { createRequire } from "node:module";
import { type Kind, kinds, stringifyJson, validate } from "@tickwire/rest-schemas";
import type { FastifySchemaCompiler } from "fastify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";

const require = createRequire(import.meta.url);

const FILES = {
  loginRequest: "login-request",
  loginSuccess: "login-success",
  loginError: "login-error",
  errorBody: "error",
  positions: "positions-response",
  positionsEnvelope: "positions-envelope",
  positionsEnvelopeCamel: "positions-envelope-camel",
  ltpRequest: "ltp-request",
  ltpSuccess: "ltp-success",
  ltpSuccessCamel: "ltp-success-camel",
  ltpError: "ltp-error",
  trades: "trades-response",
  tradesEnvelope: "trades-envelope",
} as const satisfies Partial<Record<Kind, string>>;

export type RouteKind = keyof typeof FILES;

interface SchemaDocument {
  $id: string;
}

const documents = new Map<string, RouteKind>();

/** The schema document of a payload kind, as shipped in @tickwire/rest-schemas/schemas/. */
export function schemaOf(kind: RouteKind): SchemaDocument {
  const document = require(`@tickwire/rest-schemas/schemas/${FILES[kind]}.schema.json`) as SchemaDocument;
  documents.set(document.$id, kind);
  return document;
}

function kindOf(schema: unknown): RouteKind {
  const kind = documents.get((schema as SchemaDocument | undefined)?.$id ?? "");
  if (!kind)
    throw new Error(`no @tickwire/rest-schemas kind for schema ${JSON.stringify((schema as SchemaDocument)?.$id)}`);
  return kind;
}

/** A request part failed its schema; `issues` come from rest-schemas and are safe to show (secrets redacted). */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = "FST_ERR_VALIDATION";
  constructor(
    readonly kind: RouteKind,
    readonly issues: ReturnType<typeof validate>,
  ) {
    super(
      issues
        .map((issue) => `${issue.path || "(root)"}: expected ${issue.expected}, received ${issue.received}`)
        .join("; "),
    );
  }
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  const kind = kindOf(schema);
  return (data: unknown) => {
    const issues = validate(kinds[kind], data);
    return issues.length === 0 ? { value: data } : { error: new RequestValidationError(kind, issues) };
  };
};

/** Writes bodies with stringifyJson; with `check`, a body that does not match its schema is a server fault. */
export function serializerCompiler(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema }) => {
    const kind = kindOf(schema);
    return (data: unknown) => {
      if (check) {
        const issues = validate(kinds[kind], data);
        if (issues.length > 0) {
          throw new Error(
            `response does not match ${kind}: ${issues.map((i) => `${i.path} ${i.expected}`).join("; ")}`,
          );
        }
      }
      return stringifyJson(data);
    };
  };
}
