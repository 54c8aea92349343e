// /api/Admin/CodeBatches…: generate, list, read codes, print, export as CSV, disable.
import {
  CodeBatchInput,
  CodeBatchPageResponse,
  CodeBatchQuery,
  CodeListQuery,
  CodePageResponse,
  CreatedCodeBatchResponse,
  DisableCodesInput,
  DisabledCodesResponse,
  IdParams,
  PrintableBatchResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../admin-guard';
import type { CodeBatchService } from '../code-batch-service';
import { ok, sendCsv, tags } from './respond';

export const codeRoutes: FastifyPluginAsyncZod<{ codes: CodeBatchService }> = async (app, { codes }) => {
  app.post(
    '/CodeBatches',
    { schema: { tags, body: CodeBatchInput, response: { 200: CreatedCodeBatchResponse } } },
    async (request) => ok(await codes.create(actorOf(request), request.body), 'Codes generated'),
  );

  app.get(
    '/CodeBatches',
    { schema: { tags, querystring: CodeBatchQuery, response: { 200: CodeBatchPageResponse } } },
    async (request) => ok(await codes.list(actorOf(request).tenant.id, request.query)),
  );

  app.get(
    '/CodeBatches/:id/Codes',
    { schema: { tags, params: IdParams, querystring: CodeListQuery, response: { 200: CodePageResponse } } },
    async (request) => ok(await codes.codes(actorOf(request).tenant.id, request.params.id, request.query)),
  );

  app.get(
    '/CodeBatches/:id/Print',
    { schema: { tags, params: IdParams, response: { 200: PrintableBatchResponse } } },
    async (request) => ok(await codes.printable(actorOf(request).tenant.id, request.params.id)),
  );

  app.get('/CodeBatches/:id/Export', { schema: { tags, params: IdParams } }, async (request, reply) =>
    sendCsv(reply, await codes.exportCsv(actorOf(request).tenant.id, request.params.id)),
  );

  app.post(
    '/CodeBatches/:id/Disable',
    { schema: { tags, params: IdParams, body: DisableCodesInput, response: { 200: DisabledCodesResponse } } },
    async (request) =>
      ok(await codes.disable(actorOf(request), request.params.id, request.body.codeIds), 'Codes disabled'),
  );
};
