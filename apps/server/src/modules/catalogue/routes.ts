import {
  CourseActiveQuery,
  CourseDetailResponse,
  CourseIdQuery,
  CoursePageResponse,
  CourseTreeResponse,
  IdParams,
  TeacherResponse,
} from '@app/contract';
import { normalizeGrade } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/app-error';
import { tenantOf } from '../../plugins/tenant';
import type { CatalogueService } from './catalogue-service';

const tags = ['Catalogue'];

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get(
    '/AdminStudent/CourseActive',
    {
      schema: { tags, querystring: CourseActiveQuery, response: { 200: CoursePageResponse } },
      config: { absoluteUrls: true },
    },
    async (request) => {
      const grade = normalizeGrade(request.query.grade);
      if (!grade) throw badRequest('Unknown grade', { grade: 'Unknown grade' });
      const { pagenumber, pagesize } = request.query;
      const data = await catalogue.activeCourses(tenantOf(request).id, grade, pagenumber, pagesize);
      return { success: true, message: null, data };
    },
  );

  app.get(
    '/Course/tree',
    {
      schema: { tags, querystring: CourseIdQuery, response: { 200: CourseTreeResponse } },
      config: { absoluteUrls: true },
    },
    async (request) => ({
      success: true,
      message: null,
      data: await catalogue.courseTree(tenantOf(request).id, request.query.courseid),
    }),
  );

  app.get(
    '/Course/:id',
    {
      schema: { tags, params: IdParams, response: { 200: CourseDetailResponse } },
      config: { absoluteUrls: true },
    },
    async (request) => ({
      success: true,
      message: null,
      data: await catalogue.courseDetail(tenantOf(request).id, request.params.id),
    }),
  );

  app.get(
    '/Teacher/:id',
    {
      schema: { tags, params: IdParams, response: { 200: TeacherResponse } },
      config: { absoluteUrls: true },
    },
    async (request) => ({
      success: true,
      message: null,
      data: await catalogue.teacher(tenantOf(request).id, request.params.id),
    }),
  );
};
