// Course rows to the contract's Course: the subject travels inside courseName, money in pounds.
import type { Course, Teacher } from '@app/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, TeacherTable } from '../../db/schema';
import type { Selectable } from 'kysely';

export const SUBJECT_MARKER = 'coursesubject:';

export const composeCourseName = (subject: string | null, name: string): string =>
  subject ? `${SUBJECT_MARKER}${subject} ${name}` : name;

/** The columns a Course needs, with its unit and lesson counts as correlated sub-queries. */
export function courseColumns(eb: ExpressionBuilder<Database, 'courses'>) {
  return [
    'courses.id',
    'courses.name',
    'courses.subject',
    'courses.description',
    'courses.image_path',
    'courses.price_cents',
    'courses.term',
    'courses.grade',
    'courses.active',
    'courses.open_to_all',
    'courses.modified_at',
    'courses.teacher_id',
    eb
      .selectFrom('units')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('units.course_id', '=', 'courses.id')
      .as('unit_count'),
    eb
      .selectFrom('lessons')
      .innerJoin('units as lu', 'lu.id', 'lessons.unit_id')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('lu.course_id', '=', 'courses.id')
      .as('lesson_count'),
  ] as const;
}

export type CourseRow = {
  id: number;
  name: string;
  subject: string | null;
  description: string;
  image_path: string | null;
  price_cents: number;
  term: string;
  grade: string;
  active: number;
  open_to_all: number;
  modified_at: string;
  unit_count: number | string | null;
  lesson_count: number | string | null;
};

export const toCourse = (row: CourseRow): Course => ({
  id: row.id,
  courseName: composeCourseName(row.subject, row.name),
  description: row.description,
  imagePath: row.image_path,
  price: row.price_cents / 100,
  term: row.term,
  grade: row.grade,
  active: row.active === 1,
  modificationDate: row.modified_at,
  isOpenToAll: row.open_to_all === 1,
  unitCount: Number(row.unit_count ?? 0),
  lessonCount: Number(row.lesson_count ?? 0),
});

const jsonList = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

export const toTeacher = (row: Selectable<TeacherTable>): Teacher => ({
  id: row.id,
  name: row.name,
  title: row.title,
  photoUrl: row.photo_url,
  bio: row.bio,
  credentials: jsonList(row.credentials_json),
  methods: jsonList(row.methods_json),
});
