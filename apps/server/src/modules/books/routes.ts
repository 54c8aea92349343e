// GET /api/Book/active: the school's printed books, as existing clients read them on their home page.
import { BookActiveQuery, BookPageResponse } from '@app/contract';
import { normalizeGrade } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/app-error';
import { tenantOf } from '../../plugins/tenant';
import type { BookService } from './book-service';

export const bookRoutes: FastifyPluginAsyncZod<{ books: BookService }> = async (app, { books }) => {
  app.get(
    '/Book/active',
    {
      schema: { tags: ['Catalogue'], querystring: BookActiveQuery, response: { 200: BookPageResponse } },
      config: { absoluteUrls: true },
    },
    async (request) => {
      const { grade: asked, pageNumber, pageSize } = request.query;
      const grade = asked === undefined || asked.trim() === '' ? null : normalizeGrade(asked);
      if (asked?.trim() && !grade) throw badRequest('Unknown grade', { grade: 'Unknown grade' });
      const data = await books.active(tenantOf(request).id, grade, { pageNumber, pageSize });
      return { success: true, message: null, data };
    },
  );
};
