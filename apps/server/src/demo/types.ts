// The shape of the demo catalogue, and small builders that keep the course files readable.
import type { Grade, SubjectKey, Term } from '@app/domain';

/** Every demo video plays the sample file shipped in apps/server/media. */
export const SAMPLE_VIDEO = '/media/sample-lesson.mp4';

export type TeacherKey = 'arabic' | 'chemistry' | 'physics' | 'literary' | 'oman';

export type DemoTeacher = {
  key: TeacherKey;
  name: string;
  title: string;
  photoUrl: string | null;
  bio: string;
  credentials: readonly string[];
  methods: readonly string[];
};

/** One correct answer and three wrong ones; the loader decides the order the options are shown in. */
export type DemoQuestion = { text: string; correct: string; wrong: readonly [string, string, string] };

/** 'upload': a copy of the sample PDF stored under DATA_DIR/uploads; 'link': an external URL. */
export type DemoAttachment = { kind: 'upload'; title: string } | { kind: 'link'; title: string; url: string };

export type DemoVideo = { type: 'Video'; name: string; videoUrl: string; attachment: DemoAttachment | null };
export type DemoQuiz = { type: 'Quiz'; name: string; titel: string; questions: readonly DemoQuestion[] };
export type DemoLesson = DemoVideo | DemoQuiz;

export type DemoUnit = { name: string; title: string; lessons: readonly DemoLesson[] };

export type DemoCourse = {
  /** Stable handle used by the demo plan (codes, enrolments); never stored. */
  key: string;
  name: string;
  subject: SubjectKey;
  description: string;
  grade: Grade;
  term: Term;
  /** Piastres (1/100 EGP). */
  priceCents: number;
  active: boolean;
  openToAll: boolean;
  imagePath: string | null;
  teacher: TeacherKey;
  units: readonly DemoUnit[];
};

/** A lesson of the catalogue, by course key and 0-based unit and lesson positions. */
export type LessonRef = { course: string; unit: number; lesson: number };
export type UnitRef = { course: string; unit: number };

export const egp = (pounds: number): number => Math.round(pounds * 100);

export const video = (
  name: string,
  extra: { videoUrl?: string; attachment?: DemoAttachment } = {},
): DemoVideo => ({
  type: 'Video',
  name,
  videoUrl: extra.videoUrl ?? SAMPLE_VIDEO,
  attachment: extra.attachment ?? null,
});

export const quiz = (name: string, titel: string, ...questions: DemoQuestion[]): DemoQuiz => ({
  type: 'Quiz',
  name,
  titel,
  questions,
});

export const q = (text: string, correct: string, ...wrong: [string, string, string]): DemoQuestion => ({
  text,
  correct,
  wrong,
});

export const unit = (name: string, title: string, ...lessons: DemoLesson[]): DemoUnit => ({
  name,
  title,
  lessons,
});

export const pdf = (title: string): DemoAttachment => ({ kind: 'upload', title });
export const link = (title: string, url: string): DemoAttachment => ({ kind: 'link', title, url });
export const youtube = (id: string): string => `https://www.youtube.com/watch?v=${id}`;
