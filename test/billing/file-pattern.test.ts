import { describe, expect, it } from 'vitest';
import {
  compileFilePattern,
  fileNameDate,
  matchFilePattern,
  type FilePattern,
} from '../../common/billing/file-pattern';
import {
  buildMeterIndex,
  matchFileName,
  routeFromFolder,
  tokenKey,
} from '../../common/billing/file-name-match';

function compiled(source: string): FilePattern {
  const result = compileFilePattern(source);
  if (!result.ok) throw new Error(result.error);
  return result.pattern;
}

describe('compileFilePattern', () => {
  it.each([
    ['{meter}_{date}.jpg', '12345_20261012.jpg', { meter: '12345', date: '2026-10-12' }],
    ['{meter}_{date}.jpg', 'AB_12_2026-10-12.JPG', { meter: 'AB_12', date: '2026-10-12' }],
    ['{meter}_{date}.jpg', '12345_12.10.2026.jpg', { meter: '12345', date: '2026-10-12' }],
    ['{meter}_{date}.jpg', '12345_12102026.jpg', { meter: '12345', date: '2026-10-12' }],
    ['{route}/{meter}-{any}.jpg', 'in/R12/778-a-b.jpg', { route: 'R12', meter: '778' }],
    ['{meter}*', '4711 front.png', { meter: '4711' }],
    ['*{meter}.jpg', 'IMG_4711.jpg', { meter: '4711' }],
    ['{meter} *', '4711 front.png', { meter: '4711' }],
    ['{account}.jpg', 'K-99.jpg', { account: 'K-99' }],
    ['Z({meter}).jpg', 'Z(5).jpg', { meter: '5' }],
    ['{meter}.jpg', 'sub\\dir\\77.jpg', { meter: '77' }],
  ])('%s reads %s', (pattern, path, expected) => {
    expect(matchFilePattern(compiled(pattern), path)).toEqual(expected);
  });

  it.each([
    ['{meter}_{date}.jpg', '12345_20261312.jpg'],
    ['{meter}_{date}.jpg', '12345.jpg'],
    ['{route}/{meter}.jpg', '12345.jpg'],
    ['Z({meter}).jpg', 'Zx5).jpg'],
    ['{meter}.jpg', '12345.jpeg'],
  ])('%s does not match %s', (pattern, path) => {
    expect(matchFilePattern(compiled(pattern), path)).toBeNull();
  });

  it.each([
    ['empty', '', 'The pattern is empty.'],
    ['unclosed brace', '{meter', 'Unbalanced "{" at position 1'],
    ['stray closing brace', 'meter}', 'Unbalanced "}" at position 6'],
    ['nested braces', '{{meter}}', 'Unbalanced "{" at position 1'],
    [
      'unknown token',
      '{foo}.jpg',
      'Unknown token {foo} at position 1; known tokens: {meter}, {account}, {route}, {date}, {any} and *.',
    ],
    ['no meter', '{date}.jpg', 'must contain {meter}'],
    ['meter twice', '{meter}_{meter}', 'contains {meter} more than once'],
    ['touching tokens', '{meter}{route}', '{meter} and {route} follow each other'],
    ['leading slash', '/{meter}', 'empty folder name'],
    ['double slash', 'a//{meter}', 'empty folder name'],
    ['four open tokens', '{meter}_*_*_*.jpg', '4 open tokens'],
    ['control character', '{meter}\u0000', 'control characters'],
    ['10 KB pattern', `${'x'.repeat(10 * 1024)}{meter}`, 'at most 200 are allowed'],
  ])('refuses a pattern with %s', (_name, source, message) => {
    expect(compileFilePattern(source)).toEqual({
      ok: false,
      error: expect.stringContaining(message) as unknown,
    });
  });

  it('takes "**" as one "*"', () => {
    expect(matchFilePattern(compiled('{meter}**'), '12_x.jpg')).toEqual({ meter: '12' });
  });

  it('treats regular-expression characters as plain text', () => {
    const pattern = compiled('^(.*)+$[a-z]|{meter}?.jpg');
    expect(matchFilePattern(pattern, '^(.*)+$[a-z]|12?.jpg')).toEqual({ meter: '12' });
    expect(matchFilePattern(pattern, 'aaaa12x.jpg')).toBeNull();
  });

  it('stays fast on the worst file name for its open tokens', () => {
    // Three open tokens and a literal repeated 250 times: the most a pattern may ask of a name.
    const pattern = compiled('{meter}_*_*_x');
    const name = `${'_'.repeat(250)}y`;
    expect(matchFilePattern(pattern, name)).toBeNull();
  });
});

describe('fileNameDate', () => {
  it.each([
    ['20261012', '2026-10-12'],
    ['12102026', '2026-10-12'],
    ['2026_10_12', '2026-10-12'],
    ['12-10-2026', '2026-10-12'],
    ['20261340', null],
    ['2026-1012', null],
  ])('%s → %s', (text, iso) => {
    expect(fileNameDate(text)).toBe(iso);
  });
});

describe('matchFileName', () => {
  const index = buildMeterIndex([
    '12345',
    { meterId: 'ZR-77', account: 'K 100' },
    '12-345',
    '345',
    '555',
    '556',
    '00042',
    'abc',
    'ABC',
  ]);

  it.each([
    ['IMG_12345_a.jpg', { meterId: '12345', how: 'token' }],
    ['zr 77 front.jpeg', { meterId: 'ZR-77', how: 'token' }],
    ['route-3/zr_77.jpg', { meterId: 'ZR-77', how: 'token' }],
    ['2026/555/IMG_0001.jpg', { meterId: '555', how: 'folder' }],
    ['00042.jpg', { meterId: '00042', how: 'token' }],
    // The longer match wins over the id inside it.
    ['photo 12-345.jpg', { meterId: '12-345', how: 'token' }],
  ])('%s → %j', (path, expected) => {
    expect(matchFileName(index, path)).toEqual(expected);
  });

  it.each([
    ['112345.jpg', 'No meter id of the route sheet appears in "112345.jpg"'],
    ['42.jpg', 'No meter id'],
    ['IMG_0001.jpg', 'No meter id'],
  ])('%s → none', (path, reason) => {
    expect(matchFileName(index, path)).toEqual({
      none: expect.stringContaining(reason) as unknown,
    });
  });

  it('says which meters a name could belong to', () => {
    expect(matchFileName(index, '555_556.jpg')).toEqual({ ambiguous: ['555', '556'] });
    expect(matchFileName(index, 'abc.jpg')).toEqual({ ambiguous: ['abc', 'ABC'] });
  });

  it('uses only the pattern when one is set', () => {
    const pattern = compiled('{route}/{meter}_{date}.jpg');
    expect(matchFileName(index, 'x/R1/12345_20261012.jpg', pattern)).toEqual({
      meterId: '12345',
      how: 'pattern',
      date: '2026-10-12',
      route: 'R1',
    });
    expect(matchFileName(index, 'R1/IMG_12345.jpg', pattern)).toEqual({
      none: '"IMG_12345.jpg" does not fit the pattern {route}/{meter}_{date}.jpg.',
    });
    expect(matchFileName(index, 'R1/999_20261012.jpg', pattern)).toEqual({
      none: 'The pattern read meter "999" from "999_20261012.jpg", but the route sheet has no such meter.',
    });
    expect(matchFileName(index, 'K_100.jpg', compiled('{account}.jpg'))).toEqual({
      meterId: 'ZR-77',
      how: 'pattern',
    });
  });

  it('finds each of 100,000 meters by its own photo', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `M${String(i).padStart(6, '0')}`);
    const big = buildMeterIndex(ids);
    expect(big.size).toBe(100_000);
    for (let i = 0; i < ids.length; i += 997) {
      expect(matchFileName(big, `R${i % 7}/IMG_${ids[i] ?? ''}_2026.jpg`)).toEqual({
        meterId: ids[i],
        how: 'token',
      });
    }
  });

  it('keys ids by their letters and digits only', () => {
    expect(tokenKey('ZR-77/b')).toBe('zr 77 b');
    expect(tokenKey('--')).toBe('');
  });
});

describe('routeFromFolder', () => {
  it.each([
    ['Route 12/IMG_1.jpg', 'Route 12'],
    ['2026\\R7\\a.jpg', 'R7'],
    ['a.jpg', null],
  ])('%s → %s', (path, route) => {
    expect(routeFromFolder(path)).toBe(route);
  });
});
