// /api/Admin/Courses/{id}/Questions… and /api/Admin/Questions/{id}…: a course's question bank
// (decision 0013). Admins of the tenant only, like every /api/Admin route (401, then 403); another
// school's course or question is a 404. Image answers carry the absolute URL, as the catalogue's do.
import {
  BANK_LIMITS,
  BankExportQuery,
  BankImportResponse,
  BankQuestionInput,
  BankQuestionPageResponse,
  BankQuestionQuery,
  BankQuestionResponse,
  BankTopicsResponse,
  IdParams,
  MessageOnly,
} from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/app-error';
import { actorOf, requireAdminRole } from '../admin/admin-guard';
import { attachmentDisposition } from '../admin/csv';
import { IMAGE_KINDS } from '../admin/file-kind';
import { ok, uploadConfig } from '../admin/routes/respond';
import { FILE_REQUIRED, uploadedFile } from '../admin/upload-store';
import { bankFile } from './bank-export';
import { readBankFile } from './bank-import';
import type { BankService } from './bank-service';

const tags = ['Admin', 'Question bank'];
const withUrls = { absoluteUrls: true };

/** An import: one `file` part up to the contract's size (larger: 413 while it streams in). */
const importConfig = {
  multipartOptions: { limits: { files: 1, parts: 2, fileSize: BANK_LIMITS.maxImportBytes } },
};

export const questionBankRoutes: FastifyPluginAsync<{ bank: BankService }> = async (app, { bank }) => {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', scope.requireAuth);
      scope.addHook('onRequest', requireAdminRole);
      await scope.register(bankRoutes, { bank });
    },
    { prefix: '/Admin' },
  );
};

const bankRoutes: FastifyPluginAsyncZod<{ bank: BankService }> = async (app, { bank }) => {
  app.get(
    '/Courses/:id/Questions',
    {
      config: withUrls,
      schema: {
        tags,
        params: IdParams,
        querystring: BankQuestionQuery,
        response: { 200: BankQuestionPageResponse },
      },
    },
    async (request) => ok(await bank.list(actorOf(request).tenant.id, request.params.id, request.query)),
  );

  app.get(
    '/Courses/:id/QuestionTopics',
    { schema: { tags, params: IdParams, response: { 200: BankTopicsResponse } } },
    async (request) => ok(await bank.topics(actorOf(request).tenant.id, request.params.id)),
  );

  app.post(
    '/Courses/:id/Questions',
    {
      config: withUrls,
      schema: { tags, params: IdParams, body: BankQuestionInput, response: { 200: BankQuestionResponse } },
    },
    async (request) =>
      ok(await bank.create(actorOf(request), request.params.id, request.body), 'Question added'),
  );

  app.put(
    '/Questions/:id',
    {
      config: withUrls,
      schema: { tags, params: IdParams, body: BankQuestionInput, response: { 200: BankQuestionResponse } },
    },
    async (request) =>
      ok(await bank.update(actorOf(request), request.params.id, request.body), 'Question saved'),
  );

  app.delete(
    '/Questions/:id',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (request) => {
      const { archived } = await bank.remove(actorOf(request), request.params.id);
      return ok(null, archived ? 'Question archived: attempts drew it' : 'Question deleted');
    },
  );

  app.post(
    '/Questions/:id/Image',
    {
      config: { ...uploadConfig, ...withUrls },
      schema: { tags, params: IdParams, response: { 200: BankQuestionResponse } },
    },
    async (request) => {
      const file = uploadedFile(request.body, IMAGE_KINDS, 'A question image');
      return ok(await bank.setImage(actorOf(request), request.params.id, file), 'Image saved');
    },
  );

  app.delete(
    '/Questions/:id/Image',
    { config: withUrls, schema: { tags, params: IdParams, response: { 200: BankQuestionResponse } } },
    async (request) => ok(await bank.removeImage(actorOf(request), request.params.id), 'Image removed'),
  );

  app.post(
    '/Courses/:id/Questions/Import',
    { config: importConfig, schema: { tags, params: IdParams, response: { 200: BankImportResponse } } },
    async (request) => {
      const actor = actorOf(request);
      // The course first: another school's course is a 404 before its file is read.
      await bank.course(actor.tenant.id, request.params.id);
      const questions = await readBankFile(uploadedBytes(request.body));
      const result = await bank.importAll(actor, request.params.id, questions);
      return ok(result, `${result.imported} questions imported`);
    },
  );

  app.get(
    '/Courses/:id/Questions/Export',
    { schema: { tags, params: IdParams, querystring: BankExportQuery } },
    async (request, reply) => {
      const { questions } = await bank.all(actorOf(request).tenant.id, request.params.id);
      const file = await bankFile(request.params.id, questions, request.query.format);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
};

/** The `file` part of an import, whatever its kind (bank-sheet.ts decides by its bytes). */
function uploadedBytes(body: unknown): Buffer {
  const file = (body as Record<string, unknown> | null | undefined)?.file;
  if (!Buffer.isBuffer(file) || file.length === 0) throw badRequest(FILE_REQUIRED, { file: FILE_REQUIRED });
  return file;
}
