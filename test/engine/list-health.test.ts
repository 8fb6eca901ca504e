// When the task list is left aside and when it is used again: its own failures (a 5xx, a missed
// deadline) twice in a row, tries again at a growing distance, back at its first answer in time.
import { describe, expect, it } from 'vitest';
import type { EngineMessage } from '../../common/engine-messages';
import { ApiError, type Endpoint, type RetryReason } from '../../main/api/errors';
import { ListHealth } from '../../main/engine/list-health';

function failure(
  reason: RetryReason,
  status?: number,
  endpoint: Endpoint = 'list_tasks',
): ApiError {
  return new ApiError({
    endpoint,
    info: { class: 'retry_later', reason },
    message: reason,
    ...(status !== undefined && { status }),
  });
}

function setup(): { lists: ListHealth; said: EngineMessage[] } {
  const said: EngineMessage[] = [];
  const lists = new ListHealth({
    listDeadlineMs: 10_000,
    listRecheckMs: 5_000,
    log: (_line, message) => {
      if (message) said.push(message);
    },
  });
  return { lists, said };
}

describe('the task list left aside and used again', () => {
  it('two 500s in a row leave it aside, saying so once; one is not enough', () => {
    const { lists, said } = setup();
    expect(lists.failed(failure('server_error', 500), 0)).toBe('again');
    expect(lists.usable).toBe(true);
    lists.answered();
    expect(lists.failed(failure('server_error', 500), 10)).toBe('again');
    expect(lists.failed(failure('server_error', 500), 20)).toBe('aside');
    expect(lists.usable).toBe(false);
    expect(said).toEqual([{ code: 'listFailing', params: { status: 500 } }]);
  });

  it('a missed deadline is said as slow, with the deadline', () => {
    const { lists, said } = setup();
    lists.failed(failure('timeout'), 0);
    lists.failed(failure('timeout'), 0);
    expect(said).toEqual([{ code: 'listSlow', params: { seconds: 10 } }]);
  });

  it("the network's failures, other endpoints and other classes are not the list's", () => {
    const { lists } = setup();
    for (const reason of ['connection_reset', 'tls', 'transport'] as const) {
      expect(lists.failed(failure(reason), 0)).toBeNull();
    }
    expect(lists.failed(failure('server_error', 500, 'get_task'), 0)).toBeNull();
    const limited = new ApiError({
      endpoint: 'list_tasks',
      info: { class: 'rate_limited', retryAfterMs: 1_000, scope: 'requests' },
      message: '429',
      status: 429,
    });
    expect(lists.failed(limited, 0)).toBeNull();
    expect(lists.usable).toBe(true);
  });

  it('tried again after 5 s, then 10, 20, 40, and at most a minute apart; back at its first answer', () => {
    const { lists, said } = setup();
    lists.failed(failure('server_error', 500), 0);
    lists.failed(failure('server_error', 500), 0);
    const tries: number[] = [];
    for (let now = 0; now <= 300_000; now += 1_000) {
      if (!lists.recheckDue(now)) continue;
      tries.push(now);
      lists.rechecking();
      expect(lists.recheckDue(now)).toBe(false);
      lists.failed(failure('server_error', 500), now);
    }
    expect(tries.slice(0, 6)).toEqual([5_000, 15_000, 35_000, 75_000, 135_000, 195_000]);
    lists.answered();
    expect(lists.usable).toBe(true);
    expect(lists.recheckDue(1e9)).toBe(false);
    expect(said.map((m) => m.code)).toEqual(['listFailing', 'listBack']);
  });
});
