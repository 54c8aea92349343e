// Every request part a route declares (body, querystring, params) is validated by its zod schema
// behind the contract's request text rule: a control character in any string is a 400 naming the
// field, on every route, without each schema having to say so.
import { withRequestText } from '@app/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const requestValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, ...route }) =>
  validatorCompiler({ ...route, schema: schema instanceof z.ZodType ? withRequestText(schema) : schema });
