// Public catalogue: course cards, course detail and the lesson tree.
import { z } from 'zod';
import { PagedMeta, envelope, idParam, pageNumberParam, pageSizeParam } from './common';

export const Course = z.object({
  id: z.number().int(),
  /** May embed the subject as `coursesubject:<subject> ...`; clients strip it (splitCourseName). */
  courseName: z.string(),
  description: z.string(),
  imagePath: z.string().nullable(),
  price: z.number(),
  term: z.string(),
  grade: z.string(),
  active: z.boolean(),
  modificationDate: z.string(),
  isOpenToAll: z.boolean(),
  unitCount: z.number().int(),
  lessonCount: z.number().int(),
});
export type Course = z.infer<typeof Course>;

export const Teacher = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string().nullable(),
  credentials: z.array(z.string()),
  methods: z.array(z.string()),
});
export type Teacher = z.infer<typeof Teacher>;

export const CourseDetail = Course.extend({ teacher: Teacher.nullable().optional() });
export type CourseDetail = z.infer<typeof CourseDetail>;
export const CourseDetailResponse = envelope(CourseDetail);

export const CoursePage = PagedMeta.extend({ courses: z.array(Course) });
export type CoursePage = z.infer<typeof CoursePage>;
export const CoursePageResponse = envelope(CoursePage);

export const CourseActiveQuery = z.object({
  grade: z.string().max(40).optional(),
  pagenumber: pageNumberParam,
  pagesize: pageSizeParam,
});

export const LessonType = z.enum(['Video', 'Quiz']);
export const LessonRef = z.object({
  id: z.number().int(),
  lessonName: z.string(),
  type: LessonType,
  isCompleted: z.boolean(),
  isQuizSubmitted: z.boolean(),
  /** False only while a submitted quiz's counted result is below its pass mark (decision 0013): the
   * quiz then still blocks the lessons after it. */
  isQuizPassed: z.boolean(),
  titel: z.string().nullable(),
});
export type LessonRef = z.infer<typeof LessonRef>;

export const UnitRef = z.object({
  id: z.number().int(),
  unitName: z.string(),
  unitTitle: z.string(),
  lessons: z.array(LessonRef),
});
export type UnitRef = z.infer<typeof UnitRef>;

/** A course's lessons, names and types only: what every tree answer carries. */
export const CourseOutline = z.object({
  id: z.number().int(),
  courseName: z.string(),
  units: z.array(UnitRef),
});
export type CourseOutline = z.infer<typeof CourseOutline>;
/** The public tree is the Course with its units: existing clients build their course page from it
 * (and read `price`), API.md Existing clients. */
export const CourseTree = Course.extend({ units: z.array(UnitRef) });
export type CourseTree = z.infer<typeof CourseTree>;
export const CourseTreeResponse = envelope(CourseTree);

export const CourseIdQuery = z.object({ courseid: idParam });
export const IdParams = z.object({ id: idParam });

export const TeacherResponse = envelope(Teacher);
