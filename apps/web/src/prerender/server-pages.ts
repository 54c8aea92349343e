// The pages the server renders per request (apps/server: app.ts, prerender/render.tsx): the public
// catalogue, where a phone's first visit often lands from a shared link. Their content is the API's
// data, so they cannot be rendered once at build time like / and /login; rendered by the server, they
// paint before the app's JavaScript has arrived, as those do.
//
// Each page names the reads its screen makes, with the screen's own query options, so the rendered
// page and the browser's cache hold the same answers under the same keys. That includes the school's
// contact links (the footer's, and the course page's 'contact the supervisor'): the app asks for them
// as soon as its frame is on the page, and on a slow phone the answer can come back before the screen
// inside the frame is taken over, which then no longer matches a page rendered without them.
import { resolveRouteGrade } from '@app/domain';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { readPage } from '../components/ui/pagination';
import { paths } from '../config/paths';
import { activeCoursesQueryOptions } from '../features/catalogue/api/get-active-courses';
import { courseQueryOptions } from '../features/catalogue/api/get-course';
import { courseTreeQueryOptions } from '../features/catalogue/api/get-course-tree';
import { readCourseId } from '../features/catalogue/utils/course-id';
import { contactQueryOptions } from '../features/site/contact';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each read has its own data type
type Read = FetchQueryOptions<any, any, any, any>;

export type ServerPage = {
  /** Names the page's document template (build/prerender.ts writes dist/server-pages/<name>.html). */
  name: string;
  patterns: string[];
  /** An address of the page, for the build to find its screen's chunks. */
  example: string;
  /** The reads to answer before rendering, or null when the address is not one this page renders
   * as it stands (the browser's app then handles it: a redirect to the canonical address, a 'not
   * found' screen). */
  reads: (params: Record<string, string | undefined>, search: URLSearchParams) => Read[] | null;
};

export const SERVER_PAGES: ServerPage[] = [
  {
    name: 'course-list',
    patterns: [paths.coursesByCountryGrade.path, paths.coursesByGrade.path],
    example: '/courses/egypt/grade/secondary3',
    reads: (params, search) => {
      const resolved = resolveRouteGrade(params.country, params.grade);
      if (!resolved?.canonical) return null;
      return [activeCoursesQueryOptions(resolved.grade, readPage(search.get('page'))), contactQueryOptions()];
    },
  },
  {
    name: 'course-detail',
    patterns: [paths.course.path],
    example: '/courses/1',
    reads: (params) => {
      const id = readCourseId(params.id);
      return id === null ? null : [courseQueryOptions(id), courseTreeQueryOptions(id), contactQueryOptions()];
    },
  },
];

/** The server-rendered page at `url` with the reads it needs, or null. */
export function matchServerPage(url: string): { page: ServerPage; reads: Read[] } | null {
  const { pathname, searchParams } = new URL(url, 'http://page');
  for (const page of SERVER_PAGES) {
    for (const pattern of page.patterns) {
      const match = matchPath(pattern, pathname);
      if (!match) continue;
      const reads = page.reads(match.params, searchParams);
      return reads ? { page, reads } : null;
    }
  }
  return null;
}
