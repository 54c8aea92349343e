import {
  EnterCodeQuery,
  IdParams,
  MessageOnly,
  MyUnitsQuery,
  MyUnitsResponse,
  PagingQuery,
  UnitIdQuery,
  UnitLessonsResponse,
  UnitWithProgressResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/app-error';
import { sessionOf } from '../../plugins/auth';
import { clientAddressOf, tenantOf } from '../../plugins/tenant';
import { CODE_ACCEPTED, type UnitCodeService } from './unit-code-service';

const tags = ['Unit codes'];

export const unitCodeRoutes: FastifyPluginAsyncZod<{ unitCodes: UnitCodeService }> = async (
  app,
  { unitCodes },
) => {
  const auth = { onRequest: app.requireAuth };

  app.post(
    '/UnitCode/EnterCode',
    { ...auth, schema: { tags, querystring: EnterCodeQuery, response: { 200: MessageOnly } } },
    async (request) => {
      const code = request.query.code?.trim() ?? '';
      if (code === '') throw badRequest('Code is required', { code: 'Code is required' });
      await unitCodes.enterCode(
        tenantOf(request),
        sessionOf(request).user.id,
        code,
        clientAddressOf(request),
      );
      return { success: true, message: CODE_ACCEPTED, data: null };
    },
  );

  app.get(
    '/UnitCode/GetMyUnitCodes',
    { ...auth, schema: { tags, querystring: MyUnitsQuery, response: { 200: MyUnitsResponse } } },
    async (request) => {
      const data = await unitCodes.myUnits(tenantOf(request), sessionOf(request).user.id, request.query);
      return { success: true, message: null, data };
    },
  );

  app.get(
    '/Unit/:id/lessons',
    {
      ...auth,
      schema: { tags, params: IdParams, querystring: PagingQuery, response: { 200: UnitLessonsResponse } },
    },
    async (request) => {
      const { pageNumber, pageSize } = request.query;
      const data = await unitCodes.unitLessons(
        tenantOf(request),
        sessionOf(request).user.id,
        request.params.id,
        pageNumber,
        pageSize,
      );
      return { success: true, message: null, data };
    },
  );

  app.get(
    '/Course/tree-unit-with-progress',
    { ...auth, schema: { tags, querystring: UnitIdQuery, response: { 200: UnitWithProgressResponse } } },
    async (request) => {
      const data = await unitCodes.unitWithProgress(
        tenantOf(request),
        sessionOf(request).user.id,
        request.query.unitId,
      );
      return { success: true, message: null, data };
    },
  );
};
