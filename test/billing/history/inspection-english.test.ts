// An inspection row's reason in English (the CSV's `reason`): a fall that rounds to nothing a
// month is said as less than 0.1 %, never "falling 0%".
import { expect, it } from 'vitest';
import { inspectionEnglish } from '../../../common/billing/history-inspection-english';

it('says a fall too slight to round as less than 0.1% a month', () => {
  const falling = (percent: number) =>
    inspectionEnglish({ code: 'falling', params: { percent, periods: 9, since: '2025-11-12' } });
  expect(falling(-0)).toBe(
    'Use falling less than 0.1% a month over 9 periods since 12 Nov 2025, the season taken out: a meter slowing down?',
  );
  expect(falling(-0.1)).toMatch(/^Use falling 0\.1% a month/);
  expect(falling(-3.4)).toMatch(/^Use falling 3\.4% a month/);
});
