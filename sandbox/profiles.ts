// Named deployment profiles: each is one realistic reading of a choice the spec leaves "not
// shown" (scope names, list bounds, batch size, error bodies, what quota.remaining counts, how
// the CAD deployment shows itself...). The sandbox's own reading is `default`; the others are what
// real deployments choose instead, so a client can be tested against every one of them.

import { ALL_SCOPES } from './scopes';
import type { Scope } from './scopes';
import { DEFAULT_API_KEY } from './options';
import type { KeySpec, SandboxOptions } from './options';

/** What a profile sets: any option but a profile of its own. */
export type ProfileOptions = Omit<SandboxOptions, 'profile'>;

export interface DeploymentProfileSpec {
  /** Which real-deployment choice it stands for, and every option it sets. */
  readonly description: string;
  readonly options: ProfileOptions;
}

function allScopesBut(...left: Scope[]): Scope[] {
  return ALL_SCOPES.filter((s) => !left.includes(s));
}

/** Profiles describe the first key; its string stays the default key unless overridden. */
function firstKey(spec: Omit<KeySpec, 'key'>): readonly KeySpec[] {
  return [{ key: DEFAULT_API_KEY, ...spec }];
}

export const PAID_NEAREST_EXPIRE_AT = '2030-12-31T23:59:59.000Z';

const PROFILES = {
  default: {
    description: "The sandbox's own reading of the spec (README: Decisions); sets nothing.",
    options: {},
  },
  'list-cap-50': {
    description:
      'GET /api/open/tasks serves limit 1..50 (default 20); 51 or more is refused with 400 ' +
      "{ok:false,error:'bad_request',message:'limit must be between 1 and 50'} instead of being capped. " +
      'Sets listLimit {max: 50, over: 400}.',
    options: { listLimit: { max: 50, over: 400 } },
  },
  'list-cap-50-422': {
    description:
      'A FastAPI deployment: limit is validated as Query(ge=1, le=50); 51 is refused with 422 ' +
      "{detail:[{type:'less_than_equal',loc:['query','limit'],msg,input,ctx}]}. Sets listLimit {max: 50, over: 422}.",
    options: { listLimit: { max: 50, over: 422 } },
  },
  'small-batches': {
    description:
      'A deployment configured below the spec\'s "8 by default": 4 files per batch, 400/409/422 ' +
      "bodies FastAPI style, e.g. {detail:'A batch holds at most 4 files'}. Sets batchMaxFiles 4, " +
      "errorStyle 'detail', batchOverflow {tellsLimit: true}.",
    options: { batchMaxFiles: 4, errorStyle: 'detail', batchOverflow: { tellsLimit: true } },
  },
  'small-batches-silent': {
    description:
      "3 files per batch, and the too-many-files 400 does not say how many fit ({ok:false,error:'too_many_files'," +
      "message:'Too many files in one batch.'}): the client must find the size itself. " +
      'Sets batchMaxFiles 3, batchOverflow {tellsLimit: false}.',
    options: { batchMaxFiles: 3, batchOverflow: { tellsLimit: false } },
  },
  'tasks-only-key': {
    description:
      'A key created with only the task scopes (tasks:read, tasks:write): GET quota, GET ai-status ' +
      "and both batch endpoints answer 403 missing_scope. Sets the first key's scopes.",
    options: { keys: firstKey({ scopes: ['tasks:read', 'tasks:write'] }) },
  },
  'batch-less-key': {
    description:
      'A key without batches:read and batches:write: the batch endpoints answer 403, everything ' +
      "else works. Sets the first key's scopes.",
    options: { keys: firstKey({ scopes: allScopesBut('batches:read', 'batches:write') }) },
  },
  'no-info-scopes': {
    description:
      'A key without quota:read and ai:read: GET quota and GET ai-status answer 403, tasks and ' +
      "batches work (the client runs blind on quota and AI health). Sets the first key's scopes.",
    options: { keys: firstKey({ scopes: allScopesBut('quota:read', 'ai:read') }) },
  },
  'no-task-reads': {
    description:
      'A key without tasks:read (all other scopes): GET /api/open/tasks/{id} and GET /api/open/tasks ' +
      "answer 403 missing_scope; uploads and batch reads work. Sets the first key's scopes.",
    options: { keys: firstKey({ scopes: allScopesBut('tasks:read') }) },
  },
  'decimal-megabytes': {
    description:
      '"20MB" read as 20,000,000 bytes, per image and per batch; the 413 message states only ' +
      '"20MB" (no byte count). Sets megabyte \'decimal\'; tests pass smaller maxFileBytes and maxBatchBytes.',
    options: { megabyte: 'decimal' },
  },
  'foreign-enabled': {
    description:
      'The foreign service is on: business water_v3_foreign is served. Sets foreignEnabled true.',
    options: { foreignEnabled: true },
  },
  'foreign-disabled': {
    description:
      'The foreign service is off: business water_v3_foreign answers 409 (spec 4.6.1). Sets foreignEnabled false.',
    options: { foreignEnabled: false },
  },
  'cad-namespace': {
    description:
      "The CAD deployment, recognisable before any batch: current_ai_version is 'CAD:v1.0'; " +
      "POST /batches answers 400 {detail}. Sets service 'CAD', ai.namespace 'CAD', ai.version 'v1.0'.",
    options: { service: 'CAD', ai: { namespace: 'CAD', version: 'v1.0' } },
  },
  'cad-400': {
    description:
      'The CAD deployment behind a water namespace (current_ai_version stays water_v3_meter:v3.2): ' +
      "the only signal is the batch 400 {detail} naming the business. Sets service 'CAD'.",
    options: { service: 'CAD' },
  },
  'detail-errors': {
    description:
      'A FastAPI deployment: every 400, 409 and 422 body is {detail:"<sentence>"} (no ok/error/message); ' +
      "401, 413 and 429 keep the spec's shapes. Sets errorStyle 'detail'.",
    options: { errorStyle: 'detail' },
  },
  'list-500': {
    description:
      "The task list is broken: every GET /api/open/tasks answers 500 {ok:false,error:'internal_error'} " +
      'while single-task reads, batch reads and uploads work (the list\'s existence is "not shown", 4.5). ' +
      'Sets faults {listErrorStatus: 500}.',
    options: { faults: { listErrorStatus: 500 } },
  },
  'slow-list': {
    description:
      'The task list answers only after 35 s (a slow list query) while everything else is quick. ' +
      'Sets faults {listDelayMs: 35000}; tests pass a shorter listDelayMs.',
    options: { faults: { listDelayMs: 35_000 } },
  },
  'ai-status-503': {
    description:
      "GET /api/open/ai-status answers 503 {ok:false,error:'ai_check_failed'} (its own check of the " +
      'AI fails) while uploads and reads work. Sets faults {aiStatusErrorStatus: 503}.',
    options: { faults: { aiStatusErrorStatus: 503 } },
  },
  'paid-packages': {
    description:
      'A paid account living on packages: daily 0, monthly 40, monthly bonus 5, fixed 10, ' +
      `nearest_expire_at ${PAID_NEAREST_EXPIRE_AT}; quota_summary_text names the pools. Sets the first key's user.`,
    options: {
      keys: firstKey({
        user: {
          accountType: 'paid',
          dailyQuota: 0,
          monthlyRemaining: 40,
          monthlyBonusRemaining: 5,
          fixedRemaining: 10,
          nearestExpireAt: PAID_NEAREST_EXPIRE_AT,
        },
      }),
    },
  },
  'paid-daily-remaining': {
    description:
      'A paid account whose quota.remaining is the daily figure only: daily 0, so remaining 0 (in ' +
      'GET quota and the 429 body), while monthly_remaining 49 and fixed_remaining 20 hold its ' +
      "quota. Sets the first key's user and quotaRemaining 'daily'.",
    options: {
      quotaRemaining: 'daily',
      keys: firstKey({
        user: { accountType: 'paid', dailyQuota: 0, monthlyRemaining: 49, fixedRemaining: 20 },
      }),
    },
  },
  'ai-version-switch': {
    description:
      'The AI version changes mid-run: after 20 AI runs end, current_ai_version moves from ' +
      'v3.2 to v3.3; results read before say v3.2 in the ledger, later ones v3.3, and no task ' +
      'says which version read it. Sets ai {versionSwitchAfter: 20}.',
    options: { ai: { versionSwitchAfter: 20 } },
  },
  'gross-remaining': {
    description:
      'quota.remaining = pools minus charges, ignoring tasks in flight (in GET quota and in the 429 ' +
      'quota body), so it can exceed what the service still accepts; admission still refuses ' +
      "what would overspend. Sets quotaRemaining 'gross'.",
    options: { quotaRemaining: 'gross' },
  },
  'stale-creation': {
    description:
      'Creation answers always say is_latest_ai_version false (spec 2.1: "a just-created task ' +
      'carries false"), even a task done cached_exact at creation; reads tell the truth. ' +
      "Sets creationIsLatest 'always-false'.",
    options: { creationIsLatest: 'always-false' },
  },
  'maintenance-window': {
    description:
      'A maintenance window: for 160 s from start every endpoint answers 503 ' +
      "{ok:false,error:'maintenance',message} with Retry-After: 1, then the service is back. " +
      'Sets faults {maintenanceMs: 160000}; tests pass a shorter maintenanceMs.',
    options: { faults: { maintenanceMs: 160_000 } },
  },
  'shared-key': {
    description:
      'A key shared with another program: concurrency 6, of which the other program holds 3 ' +
      '(X-ConcurrencyLimit-Active counts them); a concurrency 429 carries the X-ConcurrencyLimit-* ' +
      "headers but no Retry-After (7.3). Sets the first key's concurrency 6 and faults " +
      '{heldSlots: 3, concurrencyRetryAfter: false}.',
    options: {
      keys: firstKey({ concurrency: 6 }),
      faults: { heldSlots: 3, concurrencyRetryAfter: false },
    },
  },
  'ai-offline-no-status': {
    description:
      'The AI is offline and the key may not read AI status: tasks wait as waiting_ai, each ' +
      "task's error_message carrying the wait reason (2.1), and GET ai-status answers 403. " +
      "Sets ai {online: false} and the first key's scopes (all but ai:read).",
    options: { ai: { online: false }, keys: firstKey({ scopes: allScopesBut('ai:read') }) },
  },
  'high-latency': {
    description:
      'A far-away service for benchmarks: every answer 150 ms later, AI 1000 ± 100 ms, concurrency ' +
      '16, 120 requests per 10 s window. Sets requestLatencyMs 150, ai {latencyMs 1000, jitterMs 100}, ' +
      "the first key's concurrency 16 and requestsPerWindow 120, windowMs 10000.",
    options: {
      requestLatencyMs: 150,
      ai: { latencyMs: 1000, jitterMs: 100 },
      keys: firstKey({ concurrency: 16, requestsPerWindow: 120 }),
      windowMs: 10_000,
    },
  },
} satisfies Record<string, DeploymentProfileSpec>;

export const DEPLOYMENT_PROFILES: Readonly<Record<keyof typeof PROFILES, DeploymentProfileSpec>> =
  PROFILES;

export type DeploymentProfile = keyof typeof DEPLOYMENT_PROFILES;

export const PROFILE_NAMES = Object.keys(DEPLOYMENT_PROFILES) as readonly DeploymentProfile[];

export function isDeploymentProfile(name: string): name is DeploymentProfile {
  return Object.hasOwn(DEPLOYMENT_PROFILES, name);
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function mergeObject<T extends object>(base: T | undefined, over: T | undefined): T | undefined {
  if (over === undefined) return base === undefined ? undefined : { ...base };
  if (base === undefined) return { ...over };
  return { ...base, ...defined(over) };
}

/** By position: the override's i-th key over the profile's i-th (its user merged too). */
function mergeKeys(
  base: readonly KeySpec[] | undefined,
  over: readonly KeySpec[] | undefined,
): readonly KeySpec[] | undefined {
  if (over === undefined || base === undefined) return (over ?? base)?.map((k) => ({ ...k }));
  const out: KeySpec[] = [];
  for (let i = 0; i < Math.max(base.length, over.length); i++) {
    const b = base[i];
    const o = over[i];
    if (b !== undefined && o !== undefined) {
      out.push({ ...b, ...defined(o), user: mergeObject(b.user, o.user) });
    } else {
      const only = o ?? b;
      if (only !== undefined) out.push({ ...only });
    }
  }
  return out;
}

/**
 * The options of a profile with `overrides` over them. Overrides win field by field; undefined
 * fields are ignored; ai, faults, listLimit and batchOverflow merge per field; keys merge by
 * position (the profile's first key is what a profile describes). Throws for an unknown name.
 */
export function profileOptions(
  name: DeploymentProfile,
  overrides: SandboxOptions = {},
): SandboxOptions {
  if (!isDeploymentProfile(name)) {
    throw new Error(
      `Unknown deployment profile ${JSON.stringify(name)}; known profiles: ${PROFILE_NAMES.join(', ')}.`,
    );
  }
  const base = DEPLOYMENT_PROFILES[name].options;
  // A profile inside the overrides would be a second base; the one named here is the base.
  const over: SandboxOptions = { ...overrides, profile: undefined };
  return defined({
    ...base,
    ...defined(over),
    ai: mergeObject(base.ai, over.ai),
    faults: mergeObject(base.faults, over.faults),
    listLimit: mergeObject(base.listLimit, over.listLimit),
    batchOverflow: mergeObject(base.batchOverflow, over.batchOverflow),
    keys: mergeKeys(base.keys, over.keys),
  });
}
