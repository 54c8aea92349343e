// /api/Admin/Courses…: the course list and tree, create / edit / activate / delete, the image, the
// course form's teachers, and the course's units (add, order).
import {
  ActiveInput,
  AdminCourseDetailResponse,
  AdminCoursePageResponse,
  AdminCourseQuery,
  AdminCourseResponse,
  AdminTeachersResponse,
  AdminUnitResponse,
  CourseInput,
  IdParams,
  MessageOnly,
  OrderInput,
  UnitInput,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../admin-guard';
import type { CourseAdminService } from '../course-admin-service';
import { IMAGE_KINDS } from '../file-kind';
import type { UnitAdminService } from '../unit-admin-service';
import { uploadedFile } from '../upload-store';
import { ok, tags, uploadConfig } from './respond';

type Options = { courses: CourseAdminService; units: UnitAdminService };

export const courseRoutes: FastifyPluginAsyncZod<Options> = async (app, { courses, units }) => {
  app.get('/Teachers', { schema: { tags, response: { 200: AdminTeachersResponse } } }, async (request) =>
    ok({ teachers: await courses.teachers(actorOf(request).tenant.id) }),
  );

  app.get(
    '/Courses',
    { schema: { tags, querystring: AdminCourseQuery, response: { 200: AdminCoursePageResponse } } },
    async (request) => ok(await courses.list(actorOf(request).tenant.id, request.query)),
  );

  app.get(
    '/Courses/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminCourseDetailResponse } } },
    async (request) => ok(await courses.detail(actorOf(request).tenant.id, request.params.id)),
  );

  app.post(
    '/Courses',
    { schema: { tags, body: CourseInput, response: { 200: AdminCourseResponse } } },
    async (request) => ok(await courses.create(actorOf(request), request.body), 'Course created'),
  );

  app.put(
    '/Courses/:id',
    { schema: { tags, params: IdParams, body: CourseInput, response: { 200: AdminCourseResponse } } },
    async (request) =>
      ok(await courses.update(actorOf(request), request.params.id, request.body), 'Course saved'),
  );

  app.post(
    '/Courses/:id/Active',
    { schema: { tags, params: IdParams, body: ActiveInput, response: { 200: AdminCourseResponse } } },
    async (request) =>
      ok(await courses.setActive(actorOf(request), request.params.id, request.body.active), 'Course saved'),
  );

  app.delete(
    '/Courses/:id',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (request) => {
      await courses.remove(actorOf(request), request.params.id);
      return ok(null, 'Course deleted');
    },
  );

  app.post(
    '/Courses/:id/Image',
    { config: uploadConfig, schema: { tags, params: IdParams, response: { 200: AdminCourseResponse } } },
    async (request) => {
      const file = uploadedFile(request.body, IMAGE_KINDS, 'A course image');
      return ok(await courses.setImage(actorOf(request), request.params.id, file), 'Image saved');
    },
  );

  app.post(
    '/Courses/:id/Units',
    { schema: { tags, params: IdParams, body: UnitInput, response: { 200: AdminUnitResponse } } },
    async (request) =>
      ok(await units.create(actorOf(request), request.params.id, request.body), 'Unit added'),
  );

  app.put(
    '/Courses/:id/UnitOrder',
    { schema: { tags, params: IdParams, body: OrderInput, response: { 200: AdminCourseDetailResponse } } },
    async (request) =>
      ok(await units.reorder(actorOf(request), request.params.id, request.body.ids), 'Order saved'),
  );
};
