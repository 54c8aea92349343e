// /api/Admin/Units/… and /api/Admin/Lessons/…: edit and delete units, their lessons and lesson
// order, quizzes, and a video lesson's uploaded attachment.
import {
  AdminLessonResponse,
  AdminUnitResponse,
  IdParams,
  LessonInput,
  MessageOnly,
  OrderInput,
  UnitInput,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../admin-guard';
import { ATTACHMENT_KINDS } from '../file-kind';
import type { LessonAdminService } from '../lesson-admin-service';
import type { UnitAdminService } from '../unit-admin-service';
import { uploadedFile } from '../upload-store';
import { ok, tags, uploadConfig } from './respond';

type Options = { units: UnitAdminService; lessons: LessonAdminService };

export const lessonRoutes: FastifyPluginAsyncZod<Options> = async (app, { units, lessons }) => {
  app.put(
    '/Units/:id',
    { schema: { tags, params: IdParams, body: UnitInput, response: { 200: AdminUnitResponse } } },
    async (request) =>
      ok(await units.update(actorOf(request), request.params.id, request.body), 'Unit saved'),
  );

  app.delete(
    '/Units/:id',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (request) => {
      await units.remove(actorOf(request), request.params.id);
      return ok(null, 'Unit deleted');
    },
  );

  app.post(
    '/Units/:id/Lessons',
    { schema: { tags, params: IdParams, body: LessonInput, response: { 200: AdminLessonResponse } } },
    async (request) =>
      ok(await lessons.create(actorOf(request), request.params.id, request.body), 'Lesson added'),
  );

  app.put(
    '/Units/:id/LessonOrder',
    { schema: { tags, params: IdParams, body: OrderInput, response: { 200: AdminUnitResponse } } },
    async (request) =>
      ok(await lessons.reorder(actorOf(request), request.params.id, request.body.ids), 'Order saved'),
  );

  app.get(
    '/Lessons/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminLessonResponse } } },
    async (request) => ok(await lessons.get(actorOf(request).tenant.id, request.params.id)),
  );

  app.put(
    '/Lessons/:id',
    { schema: { tags, params: IdParams, body: LessonInput, response: { 200: AdminLessonResponse } } },
    async (request) =>
      ok(await lessons.update(actorOf(request), request.params.id, request.body), 'Lesson saved'),
  );

  app.delete(
    '/Lessons/:id',
    { schema: { tags, params: IdParams, response: { 200: MessageOnly } } },
    async (request) => {
      await lessons.remove(actorOf(request), request.params.id);
      return ok(null, 'Lesson deleted');
    },
  );

  app.post(
    '/Lessons/:id/Attachment',
    { config: uploadConfig, schema: { tags, params: IdParams, response: { 200: AdminLessonResponse } } },
    async (request) => {
      const file = uploadedFile(request.body, ATTACHMENT_KINDS, 'An attachment');
      return ok(await lessons.attach(actorOf(request), request.params.id, file), 'Attachment saved');
    },
  );
};
