import { describe, expect, it } from 'vitest';
import { pickBaseline, type HistoryReading } from '../../common/billing/baseline';

const billed = (reading: string, readAt: string): HistoryReading => ({
  reading,
  readAt,
  level: null,
  confirmedByPerson: false,
});
const read = (
  reading: string | null,
  readAt: string,
  level: HistoryReading['level'],
  confirmedByPerson = false,
): HistoryReading => ({ reading, readAt, level, confirmedByPerson });

describe('pickBaseline: a flagged reading is never a baseline', () => {
  it('takes the newest reading the billing system supplied or that passed', () => {
    const history = [
      billed('00100', '2026-07-01'),
      read('00127', '2026-10-12', 'ok'),
      billed('00090', '2026-04-01'),
    ];
    expect(pickBaseline(history)).toEqual({
      baseline: { reading: '00127', readAt: '2026-10-12' },
      passedOver: [],
    });
  });

  it('passes over flagged readings nobody confirmed, and says why', () => {
    const history = [
      billed('00100', '2026-07-01'),
      read('00307', '2026-10-12', 'error'),
      read('00208', '2026-11-11', 'warning'),
      read(null, '2026-12-01', null),
    ];
    expect(pickBaseline(history)).toEqual({
      baseline: { reading: '00100', readAt: '2026-07-01' },
      passedOver: [
        { readAt: '2026-12-01', reading: null, reason: 'no reading (skipped)' },
        {
          readAt: '2026-11-11',
          reading: '00208',
          reason: 'flagged (warning) and not yet confirmed by a person',
        },
        {
          readAt: '2026-10-12',
          reading: '00307',
          reason: 'flagged (error) and not yet confirmed by a person',
        },
      ],
    });
  });

  it('takes a flagged reading once a person confirmed it', () => {
    const history = [billed('00100', '2026-07-01'), read('00307', '2026-10-12', 'error', true)];
    expect(pickBaseline(history).baseline).toEqual({ reading: '00307', readAt: '2026-10-12' });
  });

  it('considers only readings before the one being checked', () => {
    const history = [billed('00100', '2026-07-01'), read('00127', '2026-10-12T09:00:00', 'ok')];
    expect(pickBaseline(history, '2026-10-12T08:00:00').baseline).toEqual({
      reading: '00100',
      readAt: '2026-07-01',
    });
  });

  it('ranks undated readings oldest and returns null when nothing is usable', () => {
    expect(
      pickBaseline([
        { reading: '5', readAt: null, level: null, confirmedByPerson: false },
        billed('7', '2026-01-01'),
      ]).baseline?.reading,
    ).toBe('7');
    expect(pickBaseline([]).baseline).toBeNull();
    expect(pickBaseline([read('1', '2026-01-01', 'error')]).baseline).toBeNull();
  });
});
