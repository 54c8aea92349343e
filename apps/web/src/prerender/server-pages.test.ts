// Which addresses the server renders, and the reads it answers first: the screens' own query keys, so
// the browser's cache starts with exactly what the page was rendered from.
import { describe, expect, it } from 'vitest';
import { matchServerPage } from './server-pages';

const keysOf = (url: string) => matchServerPage(url)?.reads.map((read) => read.queryKey) ?? null;

describe('matchServerPage', () => {
  it.each([
    [
      '/courses/egypt/grade/secondary3',
      'course-list',
      [['courses', { grade: 'Secondary3', page: 1 }], ['contact']],
    ],
    [
      '/courses/oman/grade/oman7?page=2',
      'course-list',
      [['courses', { grade: 'Oman7', page: 2 }], ['contact']],
    ],
    [
      '/courses/grade/secondary1',
      'course-list',
      [['courses', { grade: 'Secondary1', page: 1 }], ['contact']],
    ],
    [
      '/courses/egypt/grade/secondary3?page=abc',
      'course-list',
      [['courses', { grade: 'Secondary3', page: 1 }], ['contact']],
    ],
    ['/courses/3', 'course-detail', [['course', 3], ['course-tree', 3], ['contact']]],
  ])('renders %s as %s, reading %j', (url, name, keys) => {
    expect(matchServerPage(url)?.page.name).toBe(name);
    expect(keysOf(url)).toEqual(keys);
  });

  it.each([
    // Not canonical: the app redirects in the browser.
    '/courses/egypt/grade/3',
    // No such country, no such grade, a grade of the other country.
    '/courses/france/grade/secondary3',
    '/courses/egypt/grade/oman99',
    '/courses/egypt/grade/secondary9',
    '/courses/oman/grade/nonsense',
    '/courses/oman/grade/secondary3',
    // No such course id.
    '/courses/0',
    '/courses/-4',
    '/courses/2.5',
    '/courses/abc',
    '/courses/99999999999999999999',
    // Other pages: the grade chooser, a signed-in page, the player.
    '/grades/egypt',
    '/my-lectures',
    '/course-player/3',
  ])('leaves %s to the browser', (url) => {
    expect(matchServerPage(url)).toBeNull();
  });
});
