// The CSV writer of the admin exports: quoting, the BOM, and formula injection defused.
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, csvCell, csvDocument } from '../src/modules/admin/csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['أحمد محمد', 'أحمد محمد'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+201000000001', "'+201000000001"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['a=b', 'a=b'],
  ])('%j → %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes numbers as they are (a negative number is data, not a formula) and null as empty', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(87.5)).toBe('87.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('csvDocument', () => {
  it('starts with a BOM and ends every row with CRLF', () => {
    expect(
      csvDocument(
        ['code', 'status'],
        [
          ['ABCDE-FGHJK', 'unused'],
          ['=1', null],
        ],
      ),
    ).toBe("\uFEFFcode,status\r\nABCDE-FGHJK,unused\r\n'=1,\r\n");
  });
});

describe('attachmentDisposition', () => {
  it('names the file in ASCII and in UTF-8', () => {
    expect(attachmentDisposition('نتائج "1".csv')).toBe(
      `attachment; filename="_____ _1_.csv"; filename*=UTF-8''${encodeURIComponent('نتائج "1".csv')}`,
    );
  });
});
