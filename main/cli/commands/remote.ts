import { parseArgs } from 'node:util';
import { dailyPart } from '../../../common/quota-pools';
import { createMeterApi, type MeterApi } from '../../api/client';
import { isApiError } from '../../api/errors';
import { AuthError, EXIT, UsageError } from '../exit-codes';
import { table, type CliIo } from '../output';
import { toQuotaInfo } from '../../engine/remote-info';
import { resolveService } from '../service';

/** What a remote command prints: the raw answer for --json, rows for people. */
interface Answer {
  json: unknown;
  rows: string[][];
}

/** Runs one API call with the configured service and key; auth failures exit 3. */
async function withApi(
  argv: string[],
  io: CliIo,
  call: (api: MeterApi, limit: number | undefined) => Promise<Answer>,
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      json: { type: 'boolean', default: false },
      limit: { type: 'string' },
    },
  });
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new UsageError('--limit takes a whole number of at least 1');
  }
  const service = await resolveService({ baseUrl: values['base-url'] }, io, {
    sandboxByDefault: false,
  });
  const api = createMeterApi({
    baseUrl: service.baseUrl,
    apiKey: service.apiKey,
    ...(service.network && { network: service.network }),
  });
  try {
    const answer = await call(api, limit);
    io.out(values.json ? `${JSON.stringify(answer.json)}\n` : table(answer.rows));
    return EXIT.ok;
  } catch (err) {
    if (isApiError(err) && (err.class === 'key_rejected' || err.class === 'permission_denied')) {
      throw new AuthError(err.message);
    }
    throw err;
  } finally {
    await api.close();
  }
}

const yesNo = (b: boolean | undefined): string => (b ? 'yes' : 'no');

export function quotaCommand(argv: string[], io: CliIo): Promise<number> {
  return withApi(argv, io, async (api) => {
    const q = await api.getQuota();
    const info = toQuotaInfo(q, Date.now());
    const count = (n: number | null | undefined): string => (n == null ? '-' : String(n));
    // What the account may still read is every pool that applies (common/quota-pools.ts): the
    // service's own `remaining` may be the daily figure only (0 for a paid account on packages).
    const total = info.isUnlimited ? 'unlimited' : count(info.remaining);
    return {
      json: q,
      rows: [
        ['account', q.accountType ?? '-'],
        ['remaining', total],
        [
          'daily pool left',
          info.isUnlimited ? 'unlimited' : count(dailyPart(info.remaining, info)),
        ],
        ['daily limit', count(q.dailyLimit)],
        ['used today', count(q.used)],
        ['day', q.dayTag ?? '-'],
        ['monthly package left', count(q.monthlyRemaining)],
        ['monthly bonus left', count(q.monthlyBonusRemaining)],
        ['fixed quota left', count(q.fixedRemaining)],
        ['nearest expiry', info.nearestExpireAt ?? 'nothing expires'],
        ['summary', q.summaryText || '-'],
      ],
    };
  });
}

export function aiStatusCommand(argv: string[], io: CliIo): Promise<number> {
  return withApi(argv, io, async (api) => {
    const s = await api.getAiStatus();
    const label = s.publicStatusLabel ?? s.publicStatus ?? (s.isOnline ? 'online' : 'offline');
    return {
      json: s,
      rows: [
        ['status', s.publicStatusReason ? `${label} (${s.publicStatusReason})` : label],
        ['online', yesNo(s.isOnline)],
        ['accepts new tasks', yesNo(s.acceptsNewTasks)],
        ['busy', yesNo(s.busy)],
        ['queue', String(s.queueCount ?? '-')],
        ['AI version', s.currentAiVersion ?? '-'],
      ],
    };
  });
}

export function tasksCommand(argv: string[], io: CliIo): Promise<number> {
  return withApi(argv, io, async (api, limit) => {
    const list = await api.listTasks(limit);
    return {
      json: list.items,
      rows: [
        ['task', 'status', 'reading', 'source', 'created', 'service says'],
        ...list.items.map((t) => [
          t.taskId,
          t.status,
          t.finalReading,
          t.resultSource,
          t.createdAt ?? '',
          // A waiting task's reason, a failed one's kind: the service's own words.
          [t.errorMessage, t.failureKind ? `(${t.failureKind})` : ''].filter(Boolean).join(' '),
        ]),
      ],
    };
  });
}
