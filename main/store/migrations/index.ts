import { migration001 } from './001-initial';
import { migration002 } from './002-poll-count';
import { migration003 } from './003-counts-and-sort-indexes';
import { migration004 } from './004-ai-version';
import { migration005 } from './005-owner-and-service-words';
import { migration006 } from './006-meters';
import { migration007 } from './007-billed-reading-sort';
import { migration008 } from './008-drop-needs-review';
import { migration009 } from './009-message-codes';
import { migration010 } from './010-read-date-note-codes';
import { migration011 } from './011-byte-counts';
import { migration012 } from './012-meter-decisions';
import { migration013 } from './013-meter-entry-columns';
import { migration014 } from './014-not-checked-to-review';
import { migration015 } from './015-photo-checks';
import { migration016 } from './016-photo-codes';
import { migration017 } from './017-sheet-cells';
import { migration018 } from './018-office-outbox';
import { migration019 } from './019-office-reading-trigger';
import { migration020 } from './020-office-reading-desk';
import { migration021 } from './021-office-failed-photo';
import { migration022 } from './022-order-files';
import { migration023 } from './023-meter-history';
import { migration024 } from './024-outbox-published-index';
import { migration025 } from './025-office-decisions-taken';
import type { Migration } from './migration';

/** Every schema step in order. Append only: a shipped migration is never edited. */
export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016,
  migration017,
  migration018,
  migration019,
  migration020,
  migration021,
  migration022,
  migration023,
  migration024,
  migration025,
];
