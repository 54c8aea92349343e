// Responses are serialised by fast-json-stringify (Fastify's own serialiser) compiled from the zod
// response schemas: like zod it writes only the declared properties, so a column added to a row
// never leaks into an answer, but without re-validating every answer (a tenth of a small route's
// CPU in the benchmark). Under test the zod schema also validates each answer, so the suite catches
// any drift between the code and the contract.
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = (route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}) => (data: unknown) => string;

export function createSerializerCompiler(options: { validate: boolean }): SerializerCompiler {
  return (route) => {
    const schema = route.schema as z.ZodType;
    const validating = options.validate
      ? (zodSerializerCompiler as unknown as SerializerCompiler)(route)
      : null;
    let stringify: (data: unknown) => string;
    try {
      stringify = fastJson(
        z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as object,
      );
    } catch {
      // A schema JSON Schema cannot express: zod validates and JSON.stringify writes.
      stringify = validating ?? (zodSerializerCompiler as unknown as SerializerCompiler)(route);
    }
    if (!validating) return stringify;
    return (data) => {
      validating(data);
      return stringify(data);
    };
  };
}
