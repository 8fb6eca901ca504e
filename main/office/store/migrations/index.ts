import { officeMigration001 } from './001-office-record';
import { officeMigration002 } from './002-audit';
import { officeMigration003 } from './003-billing-rows';
import { officeMigration004 } from './004-live';
import { officeMigration005 } from './005-filter-indexes';
import { officeMigration006 } from './006-shared-sheets';
import { officeMigration007 } from './007-audit-retention';
import { officeMigration008 } from './008-desk-own-rows';
import { officeMigration009 } from './009-office-billing-facts';
import { officeMigration010 } from './010-office-meter-rows';
import { officeMigration011 } from './011-office-order-files';
import { officeMigration012 } from './012-office-limits-history';
import { officeMigration013 } from './013-office-export-lines';
import { officeMigration014 } from './014-photo-codes';
import type { OfficeMigration } from './migration';

/** Every step of the office schema in order. Append only: a shipped migration is never edited. */
export const OFFICE_MIGRATIONS: readonly OfficeMigration[] = [
  officeMigration001,
  officeMigration002,
  officeMigration003,
  officeMigration004,
  officeMigration005,
  officeMigration006,
  officeMigration007,
  officeMigration008,
  officeMigration009,
  officeMigration010,
  officeMigration011,
  officeMigration012,
  officeMigration013,
  officeMigration014,
];

/** The newest step's version: what a database this MeterDesk migrated is at. */
export const LATEST_OFFICE_VERSION = OFFICE_MIGRATIONS.at(-1)?.version ?? 0;
