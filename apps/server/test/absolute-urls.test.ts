// Media paths in answers made absolute (API.md, Conventions), without touching what a cache shares
// between requests, and without copying an answer that has no path to change.
import { expect, it } from 'vitest';
import { withAbsoluteUrls } from '../src/plugins/absolute-urls';

const ORIGIN = 'https://school.example';

it('prefixes root-relative media paths at any depth and leaves the rest as they are', () => {
  const answer = {
    data: {
      imagePath: '/media/courses/a.svg',
      title: '/not-a-link-field',
      lessons: [
        { videoUrl: '/media/v.m3u8', posterUrl: 'https://cdn.example/p.jpg' },
        { attachmentUrl: '//other.example/x.pdf', url: null },
      ],
    },
  };
  expect(withAbsoluteUrls(answer, ORIGIN)).toEqual({
    data: {
      imagePath: `${ORIGIN}/media/courses/a.svg`,
      title: '/not-a-link-field',
      lessons: [
        { videoUrl: `${ORIGIN}/media/v.m3u8`, posterUrl: 'https://cdn.example/p.jpg' },
        { attachmentUrl: '//other.example/x.pdf', url: null },
      ],
    },
  });
});

it('never edits the answer it is given, and shares what it did not change', () => {
  const untouched = { title: 'الوحدة الأولى', imagePath: null };
  const answer = { data: { cover: { imagePath: '/media/c.png' }, units: [untouched] } };
  const frozen = structuredClone(answer);
  const result = withAbsoluteUrls(answer, ORIGIN);
  expect(answer).toEqual(frozen);
  expect(result.data.cover.imagePath).toBe(`${ORIGIN}/media/c.png`);
  expect(result.data.units).toBe(answer.data.units);
  expect(result.data.units[0]).toBe(untouched);
});

it('returns the very answer when it holds no path to change', () => {
  const questions = Array.from({ length: 10 }, (_, i) => ({
    id: i,
    text: `سؤال ${i}`,
    imageUrl: i % 2 ? null : 'https://cdn.example/q.png',
    answers: [{ id: i * 10, text: 'أ' }],
  }));
  const answer = { data: { questions } };
  expect(withAbsoluteUrls(answer, ORIGIN)).toBe(answer);
});
