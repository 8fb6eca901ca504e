// What the window's Office report shows of anOfficeDay (office-report-fixture.ts) for 2026-03-02:
// the route and the clerks as the backend answers them (office-report-window.slow.test.ts checks
// them against a real office) and the stub bridge answers them (renderer/office-report.test.tsx).
import type { OfficeReportClerk, OfficeReportRoute } from '../../common/ipc/office-report-views';

export const OFFICE_DAY = '2026-03-02';

export const OFFICE_DAY_ROUTE: OfficeReportRoute = {
  route: 'R1',
  meters: 4,
  read: 1,
  confirmed: 1,
  not_checked: 0,
  flagged: 0,
  skipped: 2,
  pending: 0,
  missing: 1,
};

export const OFFICE_DAY_CLERKS: readonly OfficeReportClerk[] = [
  {
    clerk: 'Anna',
    decisions: 3,
    first: '2026-03-02T08:00:00.000Z',
    last: '2026-03-02T09:30:00.000Z',
    perHour: 2,
  },
  {
    clerk: 'Ben',
    decisions: 1,
    first: '2026-03-02T08:10:00.000Z',
    last: '2026-03-02T08:10:00.000Z',
    perHour: null,
  },
];
