// Single lectures (units) unlocked by a unit code.
import { ALL_GRADES, TERMS } from '@app/domain';
import { z } from 'zod';
import { TimeZoneField, envelope, idParam, pageNumberParam, pageSizeParam } from './common';
import { LessonRef } from './catalogue';

export const EnterCodeQuery = z.object({ code: z.string().max(64).optional() });

export const MyUnit = z.object({
  unitId: z.number().int(),
  unitName: z.string(),
  unitTitle: z.string(),
  courseName: z.string(),
  grade: z.string(),
  term: z.string(),
  active: z.boolean(),
  /** The redemption that opened the unit's window, and the tenant's zone its days are counted in. */
  enrollmentDate: z.string(),
  timeZone: TimeZoneField,
});
export type MyUnit = z.infer<typeof MyUnit>;

export const PagingQuery = z.object({ pageNumber: pageNumberParam, pageSize: pageSizeParam });

/** The longest search text GetMyUnitCodes takes (a unit or course name is shorter). */
export const MY_UNITS_SEARCH_MAX = 100;

/**
 * GET /api/UnitCode/GetMyUnitCodes: search (unit name, unit title or course name, any letter case),
 * grade and term cover all of the student's units, applied before paging.
 */
export const MyUnitsQuery = PagingQuery.extend({
  search: z.string().trim().max(MY_UNITS_SEARCH_MAX).optional(),
  grade: z.enum(ALL_GRADES).optional(),
  term: z.enum(TERMS).optional(),
});
export type MyUnitsQuery = z.infer<typeof MyUnitsQuery>;

export const MyUnitsPage = z.object({
  units: z.array(MyUnit),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});
export const MyUnitsResponse = envelope(MyUnitsPage);

export const UnitLessons = z.object({
  lessons: z.array(LessonRef),
  unitName: z.string(),
  unitTitle: z.string(),
  courseName: z.string(),
});
export const UnitLessonsResponse = envelope(UnitLessons);

export const UnitIdQuery = z.object({ unitId: idParam });

export const UnitWithProgress = z.object({
  id: z.number().int(),
  unitName: z.string(),
  unitTitle: z.string(),
  courseName: z.string(),
  lessons: z.array(LessonRef),
  enrollmentDate: z.string().nullable(),
  order: z.number().int(),
  timeZone: TimeZoneField,
});
export type UnitWithProgress = z.infer<typeof UnitWithProgress>;
export const UnitWithProgressResponse = envelope(UnitWithProgress);
