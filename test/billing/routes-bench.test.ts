// The routes benchmark's generated data must be what it claims: sheets every meter of which loads
// (German headers map themselves) and photo names that match as designed.
import { describe, expect, it } from 'vitest';
import { measureMatching, measureSheet } from '../../bench/routes';

describe('bench/routes data', () => {
  it.each(['utf8-comma', 'cp1252-semicolon'] as const)('loads a %s sheet completely', (dialect) => {
    const figures = measureSheet(300, dialect, 1);
    expect(figures).toMatchObject({ dialect, meters: 300 });
    expect(figures.bytes).toBeGreaterThan(300 * 60);
  });

  it('matches 90 % of the photo names and says none for the rest', () => {
    expect(measureMatching(1000, 500, 1)).toMatchObject({
      meters: 1000,
      photos: 500,
      matched: 450,
      none: 50,
    });
  });
});
