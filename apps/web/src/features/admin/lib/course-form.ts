// The course form's values (what the inputs hold: text) and how they become the contract's
// CourseInput, which validates them exactly as the server will.
import { ADMIN_LIMITS, CourseInput, type AdminCourse } from '@app/contract';
import { toAsciiDigits } from '@app/domain';
import { adminMessages } from '../../../i18n/admin';
import { contractResolver } from './contract-resolver';

const t = adminMessages.courseForm;

export type CourseFormValues = {
  name: string;
  subject: string;
  description: string;
  price: string;
  term: string;
  grade: string;
  active: boolean;
  isOpenToAll: boolean;
  teacherId: string;
};

export const EMPTY_COURSE: CourseFormValues = {
  name: '',
  subject: '',
  description: '',
  price: '0',
  term: 'First',
  grade: '',
  active: false,
  isOpenToAll: false,
  teacherId: '',
};

export function courseFormValues(course: AdminCourse): CourseFormValues {
  return {
    name: course.name,
    subject: course.subject ?? '',
    description: course.description,
    price: String(course.price),
    term: course.term,
    grade: course.grade,
    active: course.active,
    isOpenToAll: course.isOpenToAll,
    teacherId: course.teacherId === null ? '' : String(course.teacherId),
  };
}

/** '' is missing (the contract says so in Arabic below); Arabic-Indic digits and ',' are read. */
function parsePrice(text: string): number | undefined {
  const ascii = toAsciiDigits(text).trim().replace('٫', '.').replace(',', '.');
  return ascii === '' ? undefined : Number(ascii);
}

export function toCourseInput(values: CourseFormValues): unknown {
  return {
    name: values.name,
    subject: values.subject,
    description: values.description,
    price: parsePrice(values.price),
    term: values.term || undefined,
    grade: values.grade || undefined,
    active: values.active,
    isOpenToAll: values.isOpenToAll,
    teacherId: values.teacherId ? Number(values.teacherId) : null,
  };
}

export const courseResolver = contractResolver<CourseFormValues, typeof CourseInput>(CourseInput, {
  toInput: toCourseInput,
  labels: {
    name: t.name,
    subject: t.subject,
    description: t.description,
    price: t.price,
    term: t.term,
    grade: t.grade,
    teacherId: t.teacher,
  },
});

export const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';
export const fitsUpload = (file: File) => file.size <= ADMIN_LIMITS.maxUploadBytes;
