// The demo catalogue is written straight to the database; its names, titles, questions and
// accounts must still be what the API would accept from an admin or a student (issue 16's text
// rules: no invisible formatting, no piled-up marks; multi-line only where a textarea is).
import { CourseInput, LessonInput, personName, UnitInput } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_COURSES } from '../src/demo/catalogue';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the demo catalogue passes the API text rules', () => {
  it.each(DEMO_COURSES.map((course) => [course.key, course] as const))('course %s', (_key, course) => {
    const problems = [
      ...issues(
        CourseInput.safeParse({
          name: course.name,
          subject: course.subject,
          description: course.description,
          price: course.priceCents / 100,
          term: course.term,
          grade: course.grade,
        }),
      ),
    ];
    for (const unit of course.units) {
      problems.push(...issues(UnitInput.safeParse({ name: unit.name, title: unit.title })));
      for (const lesson of unit.lessons) {
        const input =
          lesson.type === 'Video'
            ? {
                type: 'Video',
                name: lesson.name,
                videoUrl: lesson.videoUrl,
                attachmentTitle: lesson.attachment?.title,
              }
            : {
                type: 'Quiz',
                name: lesson.name,
                titel: lesson.titel,
                questions: lesson.questions.map((q) => ({
                  text: q.text,
                  answers: [q.correct, ...q.wrong].map((text, i) => ({ text, isCorrect: i === 0 })),
                })),
              };
        problems.push(...issues(LessonInput.safeParse(input)));
      }
    }
    expect(problems).toEqual([]);
  });

  it('account names', () => {
    for (const account of DEMO_ACCOUNTS)
      expect(issues(personName('name').safeParse(account.name))).toEqual([]);
  });
});
