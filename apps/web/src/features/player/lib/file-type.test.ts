import { describe, expect, it } from 'vitest';
import { fileTypeBadge } from './file-type';

describe('fileTypeBadge', () => {
  it.each([
    ['https://cdn.example/notes/summary.pdf', 'PDF'],
    ['/files/sheet.DOCX?download=1', 'DOCX'],
    ['/files/old.doc#page=2', 'DOC'],
    ['https://cdn.example/slides.pptx', 'PPTX'],
    ['/files/%D9%85%D9%84%D8%AE%D8%B5.pdf', 'PDF'],
  ])('reads %s as %s', (url, badge) => {
    expect(fileTypeBadge(url)).toBe(badge);
  });

  it.each(['/api/files/attachments/12?sig=abc.def', 'https://ptable.com/?lang=ar', '/files/archive.xyz', ''])(
    'shows a generic file badge for %s',
    (url) => {
      expect(fileTypeBadge(url)).toBe('ملف');
    },
  );
});
