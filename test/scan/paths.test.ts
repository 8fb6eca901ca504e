// Path shapes of office machines: Windows drive letters, UNC network shares and paths longer than
// Windows' old 260-character limit, as the window sends them (the IPC contract's path rule) and as
// the scanner walks them (deep folders, long names; on this Linux machine the real walk, with
// Windows' own shapes covered where the code handles them as text).
import { describe, expect, it } from 'vitest';
import { CONTRACT } from '../../common/ipc/contract';
import { image, outcomeOf, scanAll, useTempFolder } from './helpers/fixtures';

const t = useTempFolder('meterdesk-paths-');

const LONG_WINDOWS = `\\\\?\\C:\\Users\\ana\\Documents\\${'Zählerablesung Bezirk Nord 2026\\'.repeat(9)}IMG_0001.JPG`;

describe('paths the window may send', () => {
  const addPaths = CONTRACT.addPaths.request;

  it.each([
    ['a UNC share', '\\\\server\\share\\route-12'],
    ['a UNC share with forward slashes', '//server/share/route-12'],
    ['a drive letter', 'D:\\Photos\\route 7'],
    ['a drive letter with forward slashes', 'E:/DCIM/100CANON'],
    ['a long path (\\\\?\\ prefix)', LONG_WINDOWS],
    ['a long UNC path', `\\\\?\\UNC\\nas01\\photos\\${'route-12\\'.repeat(40)}`],
    ['a POSIX path', '/Volumes/SD CARD/DCIM/100MEDIA'],
  ])('accepts %s', (_name, path) => {
    expect(addPaths.safeParse({ paths: [path] }).success).toBe(true);
  });

  it('has long shapes that really are past the old limit', () => {
    expect(LONG_WINDOWS.length).toBeGreaterThan(260);
  });

  it.each([
    ['a relative path', 'route-12'],
    ['a drive-relative path', 'C:route-12'],
    ['a path with NUL', 'C:\\Photos\\a\u0000b.jpg'],
    ['a path longer than any file system allows', `C:\\${'a'.repeat(5000)}`],
  ])('refuses %s', (_name, path) => {
    expect(addPaths.safeParse({ paths: [path] }).success).toBe(false);
  });
});

describe('walking deep folders with long names', () => {
  it('finds every photo past 260 characters of path, with its path relative to the folder added', async () => {
    const segments = Array.from(
      { length: 6 },
      (_, i) => `Ablesung Bezirk ${'Nord-'.repeat(6)}${String(i)}`,
    );
    const rel = `${segments.join('/')}/${'IMG_2026-03-01_zaehler_'.repeat(4)}0001.jpg`;
    const file = await t.put(`long/${rel}`, await image('jpeg', 31));
    expect(file.length).toBeGreaterThan(260);
    const found = await scanAll([t.abs('long')]);
    expect([...found.keys()]).toEqual([rel]);
    expect(outcomeOf(found.get(rel))).toBe('accepted jpeg');
    expect(found.get(rel)?.path).toBe(file);
  });
});
