// The server page's document: the request's page goes into the template's slots, and nothing a
// visitor can put in the address, nor anything a school can put in a course, can end its element early.
import { describe, expect, it } from 'vitest';
import { fillDocument, SLOTS } from './document';

const template =
  '<html><head><title>منصة التعلم</title></head><body>' +
  `<div id="root" data-prerendered="${SLOTS.url}">${SLOTS.markup}</div>` +
  `<script type="application/json" id="query-seeds">${SLOTS.seeds}</script></body></html>`;

const seedsOf = (html: string) =>
  JSON.parse(/id="query-seeds">(.*)<\/script><\/body>/.exec(html)![1]!) as unknown;

describe('fillDocument', () => {
  it('puts the address, the markup and the answers in their places', () => {
    const seeds: [unknown[], unknown, number][] = [[['course', 3], { courseName: 'الكيمياء' }, 1700]];
    const html = fillDocument(template, { url: '/courses/3', markup: '<h1>الكيمياء</h1>', seeds });
    expect(html).toContain('<div id="root" data-prerendered="/courses/3"><h1>الكيمياء</h1></div>');
    expect(seedsOf(html)).toEqual(seeds);
  });

  it("copies the page's title into <head> and keeps it in the markup", () => {
    const markup = '<title>كورسات الصف الثالث الثانوي</title><h1>x</h1>';
    const html = fillDocument(template, { url: '/c', markup, seeds: [] });
    expect(html).toContain('<head><title>كورسات الصف الثالث الثانوي</title></head>');
    expect(html).toContain(`data-prerendered="/c">${markup}</div>`);
  });

  it('escapes an address that tries to leave its attribute', () => {
    const url = '/courses/egypt/grade/secondary3?page="><script>alert(1)</script>&x';
    const html = fillDocument(template, { url, markup: '', seeds: [] });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      'data-prerendered="/courses/egypt/grade/secondary3?page=&#34;&#62;&#60;script&#62;',
    );
  });

  it('keeps a course text that closes the script element inside the JSON', () => {
    const description = '</script><script>alert(1)</script><!--';
    const html = fillDocument(template, {
      url: '/courses/3',
      markup: '',
      seeds: [[['course', 3], { description }, 1]],
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(seedsOf(html)).toEqual([[['course', 3], { description }, 1]]);
  });

  it('fills each slot once: values holding a slot text or `$&` stay as they are', () => {
    const markup = `<p>${SLOTS.seeds} $& $1</p>`;
    const html = fillDocument(template, { url: `/x${SLOTS.markup}`, markup, seeds: [[['k'], '$&', 1]] });
    expect(html).toContain(`<p>${SLOTS.seeds} $& $1</p>`);
    expect(html).toContain('data-prerendered="/x&#60;!--page-markup--&#62;"');
    expect(seedsOf(html)).toEqual([[['k'], '$&', 1]]);
  });
});
