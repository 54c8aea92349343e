// /api/Admin/Books…: the book list, create / edit / activate / delete, and the cover image.
import {
  ActiveInput,
  AdminBookPageResponse,
  AdminBookQuery,
  AdminBookResponse,
  BookInput,
  IdParams,
  MessageOnly,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../admin-guard';
import type { BookAdminService } from '../book-admin-service';
import { IMAGE_KINDS } from '../file-kind';
import { uploadedFile } from '../upload-store';
import { ok, tags, uploadConfig } from './respond';

export const bookRoutes: FastifyPluginAsyncZod<{ books: BookAdminService }> = async (app, { books }) => {
  app.get(
    '/Books',
    { schema: { tags, querystring: AdminBookQuery, response: { 200: AdminBookPageResponse } } },
    async (request) => ok(await books.list(actorOf(request).tenant.id, request.query)),
  );

  app.post(
    '/Books',
    { schema: { tags, body: BookInput, response: { 200: AdminBookResponse } } },
    async (request) => ok(await books.create(actorOf(request), request.body), 'Book created'),
  );

  app.put(
    '/Books/:id',
    { schema: { tags, params: IdParams, body: BookInput, response: { 200: AdminBookResponse } } },
    async (request) =>
      ok(await books.update(actorOf(request), request.params.id, request.body), 'Book saved'),
  );

  app.post(
    '/Books/:id/Active',
    { schema: { tags, params: IdParams, body: ActiveInput, response: { 200: AdminBookResponse } } },
    async (request) =>
      ok(await books.setActive(actorOf(request), request.params.id, request.body.active), 'Book saved'),
  );

  app.delete(
    '/Books/:id',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (request) => {
      await books.remove(actorOf(request), request.params.id);
      return ok(null, 'Book deleted');
    },
  );

  app.post(
    '/Books/:id/Image',
    { config: uploadConfig, schema: { tags, params: IdParams, response: { 200: AdminBookResponse } } },
    async (request) => {
      const file = uploadedFile(request.body, IMAGE_KINDS, 'A book image');
      return ok(await books.setImage(actorOf(request), request.params.id, file), 'Image saved');
    },
  );
};
