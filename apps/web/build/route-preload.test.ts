import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  patternToRegExp,
  preloadMap,
  preloadScript,
  readLazyRoutes,
  readPathPatterns,
} from './route-preload';

const src = join(import.meta.dirname, '../src');
const routerFile = join(src, 'app/router.tsx');

function appRoutes() {
  const patterns = readPathPatterns(readFileSync(join(src, 'config/paths.ts'), 'utf8'));
  return readLazyRoutes(readFileSync(routerFile, 'utf8'), dirname(routerFile), patterns).routes;
}

describe('reading the route table from the sources', () => {
  it('maps the screens a first visit lands on to their patterns and modules', () => {
    const byPattern = new Map(appRoutes().map((route) => [route.pattern, route.module]));
    expect(byPattern.get('/')).toBe(join(src, 'features/home/routes/home'));
    expect(byPattern.get('/login')).toBe(join(src, 'features/auth/routes/login'));
    expect(byPattern.get('/courses/:country/grade/:grade')).toBe(
      join(src, 'features/catalogue/routes/course-list'),
    );
    expect(byPattern.get('/courses/:id')).toBe(join(src, 'features/catalogue/routes/course-detail'));
    expect(byPattern.get('/course-player/:courseId')).toBe(join(src, 'features/player/routes/course-player'));
  });

  it('reads routes written over several lines and leaves out routes without a paths.ts pattern', () => {
    const patterns = new Map([
      ['a', '/a'],
      ['b', '/b/:id'],
    ]);
    const source = `[
      { path: paths.a.path, element: page(() => import('../a')) },
      {
        path: paths.b.path,
        element: page(() => import('../b')),
      },
      { path: '*', element: page(() => import('./not-found')) },
    ]`;
    const { routes, unmapped } = readLazyRoutes(source, '/app/src/x', patterns);
    expect(routes).toEqual([
      { pattern: '/a', module: '/app/src/a' },
      { pattern: '/b/:id', module: '/app/src/b' },
    ]);
    expect(unmapped).toEqual(['./not-found']);
  });
});

describe('patternToRegExp', () => {
  it.each([
    ['/', '/', true],
    ['/', '/login', false],
    ['/courses/:id', '/courses/7', true],
    ['/courses/:id', '/courses/grade/secondary3', false],
    ['/courses/:country/grade/:grade', '/courses/egypt/grade/secondary3', true],
    ['/courses/:country/grade/:grade', '/courses/egypt/grade/secondary3/', true],
    ['/login', '/LOGIN', true],
    ['/login', '/login/extra', false],
  ])('%s against %s → %s', (pattern, path, matches) => {
    expect(new RegExp(patternToRegExp(pattern), 'i').test(path)).toBe(matches);
  });
});

const chunk = (fileName: string, imports: string[], options: { entry?: boolean; facade?: string } = {}) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  isEntry: options.entry ?? false,
  facadeModuleId: options.facade ?? null,
});

describe('preloadMap', () => {
  it("lists a route's chunk and its imports, without what the entry already loads", () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/react.js', 'assets/button.js'], { entry: true }),
      'assets/react.js': chunk('assets/react.js', []),
      'assets/button.js': chunk('assets/button.js', []),
      'assets/login.js': chunk('assets/login.js', ['assets/zod.js', 'assets/button.js'], {
        facade: '/src/features/auth/routes/login.tsx',
      }),
      'assets/zod.js': chunk('assets/zod.js', ['assets/react.js']),
    };
    const map = preloadMap(bundle, [{ pattern: '/login', module: '/src/features/auth/routes/login' }]);
    expect(map).toEqual([['^/login/?$', ['assets/login.js', 'assets/zod.js']]]);
  });
});

describe('the generated script', () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel=modulepreload]').forEach((link) => link.remove());
    window.history.pushState({}, '', '/');
  });

  const run = (path: string) => {
    window.history.pushState({}, '', path);
    const script = preloadScript(
      [
        ['^/login/?$', ['assets/login.js', 'assets/zod.js']],
        ['^/courses/[^/]+/?$', ['assets/course.js']],
      ],
      '/',
    );
    // The script runs as the browser would run the emitted file.
    const element = document.createElement('script');
    element.textContent = script;
    document.head.appendChild(element);
    element.remove();
    return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map(
      (link) => new URL(link.href).pathname,
    );
  };

  it('preloads the chunks of the route the page was opened on', () => {
    expect(run('/login')).toEqual(['/assets/login.js', '/assets/zod.js']);
  });

  it('preloads nothing on a page no route matches', () => {
    expect(run('/nowhere/at/all')).toEqual([]);
  });
});
