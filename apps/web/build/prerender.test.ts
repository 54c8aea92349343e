// The prerendering step's two decisions: which JS a prerendered page starts after its first paint,
// and how the built index.html becomes that page's document.
import { describe, expect, it } from 'vitest';
import { pageDocument, pageFile, pageModules, type Manifest } from './prerender';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js', '_query.js'] },
  '_react.js': { file: 'assets/react-2.js' },
  '_query.js': { file: 'assets/query-3.js', imports: ['_react.js'] },
  'src/features/auth/routes/login.tsx': { file: 'assets/login-4.js', imports: ['_react.js', '_zod.js'] },
  '_zod.js': { file: 'assets/zod-5.js' },
  'src/features/admin/routes.tsx': { file: 'assets/admin-6.js', imports: ['_react.js'] },
};

// Vite's output for index.html, as apps/web/index.html and the route-preload plugin make it.
const template = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <script async type="module" src="/assets/route-preload-ab12.js"></script>
    <title>منصة التعلم</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="modulepreload" crossorigin href="/assets/query-3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-7.css">
  </head>
  <body>
    <div id="root">
      <header>static bar</header>
    </div>
  </body>
</html>`;

describe('pageModules', () => {
  it('lists the entry first, then its imports and the screen with its imports, each once', () => {
    expect(pageModules(manifest, 'src/features/auth/routes/login.tsx')).toEqual([
      '/assets/index-1.js',
      '/assets/react-2.js',
      '/assets/query-3.js',
      '/assets/login-4.js',
      '/assets/zod-5.js',
    ]);
  });

  it('refuses a manifest without an entry', () => {
    expect(() => pageModules({ '_react.js': { file: 'assets/react-2.js' } }, undefined)).toThrow(/no entry/);
  });
});

describe('pageDocument', () => {
  const document = pageDocument(template, {
    url: '/login',
    markup: '<main><h1>تسجيل الدخول</h1></main>',
    bootSrc: '/assets/boot-cd34.js',
    modules: ['/assets/index-1.js', '/assets/login-4.js'],
    keys: { user: 'auth_user', splashSeen: 'splash_seen' },
  });

  it('puts the rendered page in #root, marked with its address', () => {
    expect(document).toContain(
      '<div id="root" data-prerendered="/login"><main><h1>تسجيل الدخول</h1></main></div>',
    );
    expect(document).not.toContain('static bar');
  });

  it('loads no module script from the HTML: the boot script starts them after the first paint', () => {
    expect(document).not.toMatch(/type="module"|modulepreload|route-preload/);
    expect(document).toContain(
      '<script src="/assets/boot-cd34.js" data-modules="/assets/index-1.js /assets/login-4.js"' +
        ' data-user-key="auth_user" data-splash-key="splash_seen"></script>',
    );
  });

  it('keeps the stylesheet, which the first paint needs', () => {
    expect(document).toContain('<link rel="stylesheet" crossorigin href="/assets/index-7.css">');
  });

  it('fails the build when index.html no longer has the shape it rewrites', () => {
    const page = {
      url: '/',
      markup: '',
      bootSrc: '/b.js',
      modules: [],
      keys: { user: 'u', splashSeen: 's' },
    };
    expect(() => pageDocument(template.replace('<div id="root">', '<div id="app">'), page)).toThrow(
      /no longer matches/,
    );
  });
});

it('names the file of / index.html and of any other address after its path', () => {
  expect(pageFile('/')).toBe('index.html');
  expect(pageFile('/login')).toBe('login.html');
});
