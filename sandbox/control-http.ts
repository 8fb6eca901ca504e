// The control surface over HTTP, for demos and chaos runs driven from outside the process:
// /__sandbox/... , no auth, loopback peers only, JSON in and out, bodies validated with zod.
// It bypasses fault injection (networkDown included) so a chaos run can always heal the network.

import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { SandboxContext } from './context';
import type { SandboxControl } from './control';
import { isLoopback } from './ip-allowlist';
import { errorBody } from './responses';
import type { Exchange } from './responses';
import { ALL_SCOPES } from './scopes';

export const CONTROL_PREFIX = '/__sandbox';

const rate = z.number().min(0).max(1);
const count = z.number().int().min(0);
const positive = z.number().int().min(1);
const when = z.union([z.string(), z.number(), z.null()]);

const schemas = {
  ai: z.strictObject({
    online: z.boolean().optional(),
    latencyMs: count.optional(),
    jitterMs: count.optional(),
    failureRate: rate.optional(),
    parallel: positive.optional(),
    namespace: z.string().optional(),
  }),
  version: z.strictObject({ version: z.string().min(1).optional() }),
  faults: z.strictObject({
    clear: z.boolean().optional(),
    errorRate: rate.optional(),
    errorStatus: z.number().int().min(500).max(599).optional(),
    htmlErrorRate: rate.optional(),
    dropRate: rate.optional(),
    dropAfterRate: rate.optional(),
    slowRate: rate.optional(),
    slowMs: count.optional(),
    networkDown: z.boolean().optional(),
    listErrorStatus: z.union([z.literal(0), z.number().int().min(400).max(599)]).optional(),
    listDelayMs: count.optional(),
    aiStatusErrorStatus: z.union([z.literal(0), z.number().int().min(400).max(599)]).optional(),
    maintenanceMs: count.optional(),
    heldSlots: count.optional(),
    concurrencyRetryAfter: z.boolean().optional(),
  }),
  quota: z.strictObject({
    email: z.string().optional(),
    reset: z.boolean().optional(),
    accountType: z.enum(['free', 'paid']).optional(),
    dailyLimit: count.optional(),
    used: count.optional(),
    unlimited: z.boolean().optional(),
    monthlyRemaining: count.optional(),
    monthlyBonusRemaining: count.optional(),
    fixedRemaining: count.optional(),
    nearestExpireAt: z.string().nullable().optional(),
  }),
  deployment: z.strictObject({
    service: z.enum(['standard', 'CAD']).optional(),
    foreignEnabled: z.boolean().optional(),
    listLimit: z
      .strictObject({
        default: positive.optional(),
        max: positive.optional(),
        over: z.union([z.literal('cap'), z.literal(400), z.literal(422)]).optional(),
      })
      .optional(),
    errorStyle: z.enum(['sandbox', 'detail']).optional(),
    batchOverflow: z.strictObject({ tellsLimit: z.boolean() }).optional(),
    quotaRemaining: z.enum(['available', 'gross', 'daily']).optional(),
    creationIsLatest: z.enum(['spec', 'always-false']).optional(),
    requestLatencyMs: count.optional(),
  }),
  key: z.strictObject({
    key: z.string().min(1),
    email: z.string().optional(),
    scopes: z.array(z.enum(ALL_SCOPES)).optional(),
    allowlist: z.array(z.string()).optional(),
    requestsPerWindow: count.optional(),
    submissionsPerWindow: count.optional(),
    concurrency: count.optional(),
    disabled: z.boolean().optional(),
    expiresAt: when.optional(),
  }),
  user: z.strictObject({ email: z.string().min(1), active: z.boolean() }),
  limits: z.strictObject({
    windowMs: positive.optional(),
    batchMaxFiles: positive.optional(),
    maxFileBytes: positive.optional(),
    maxBatchBytes: positive.optional(),
    emptyListSummaries: z.boolean().optional(),
  }),
  clock: z.strictObject({ advanceMs: z.number().int() }),
};

const MAX_CONTROL_BODY = 64 * 1024;

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_CONTROL_BODY) {
        reject(new Error('control body too large'));
        req.socket.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      try {
        resolve(text === '' ? {} : JSON.parse(text));
      } catch {
        reject(new Error('control body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

type Op = (body: unknown) => unknown;

/** A control body that fails validation (answered 400). */
class ControlInputError extends Error {}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new ControlInputError(
      result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  }
  return result.data;
}

function operations(ctx: SandboxContext, control: SandboxControl): Record<string, Op> {
  return {
    'GET /state': () => control.state(),
    'GET /ledger': () => ctx.ledger.snapshot(),
    'POST /ai': (body) => {
      control.setAi(parse(schemas.ai, body));
      return control.state().ai;
    },
    'POST /ai/version': (body) => ({
      current_ai_version: control.bumpAiVersion(parse(schemas.version, body).version),
    }),
    'POST /faults': (body) => {
      const { clear, ...patch } = parse(schemas.faults, body);
      if (clear === true) control.clearFaults();
      control.setFaults(patch);
      return control.state().faults;
    },
    'POST /quota': (body) => {
      const { reset, ...patch } = parse(schemas.quota, body);
      if (reset === true) control.resetQuota(patch.email);
      return control.setQuota(patch);
    },
    'POST /deployment': (body) => {
      control.setDeployment(parse(schemas.deployment, body));
      return control.state().deployment;
    },
    'POST /keys': (body) => {
      const spec = parse(schemas.key, body);
      // Upsert: an existing key is patched (its user stays), a new one is added.
      if (ctx.keys.get(spec.key)) control.updateKey(spec.key, spec);
      else control.addKey(spec);
      return { keyId: ctx.ledger.keyId(spec.key) };
    },
    'POST /users': (body) => {
      const { email, active } = parse(schemas.user, body);
      control.setUserActive(email, active);
      return { email, active };
    },
    'POST /limits': (body) => {
      const { windowMs, emptyListSummaries, ...upload } = parse(schemas.limits, body);
      if (windowMs !== undefined) control.setWindowMs(windowMs);
      if (emptyListSummaries !== undefined) control.setEmptyListSummaries(emptyListSummaries);
      control.setUploadLimits(upload);
      return control.state().upload;
    },
    'POST /clock': (body) => {
      control.advanceClock(parse(schemas.clock, body).advanceMs);
      return { now: control.state().now };
    },
  };
}

export function createControlHandler(
  ctx: SandboxContext,
  control: SandboxControl,
): (ex: Exchange, url: URL) => Promise<void> {
  const ops = operations(ctx, control);
  return async (ex, url) => {
    if (!ctx.config.controlHttp || !isLoopback(ex.req.socket.remoteAddress ?? '')) {
      ex.json(403, errorBody('forbidden', 'The sandbox control surface is loopback-only.'));
      return;
    }
    const sub = url.pathname.slice(CONTROL_PREFIX.length) || '/';
    const op = ops[`${ex.req.method ?? 'GET'} ${sub}`];
    if (!op) {
      ex.json(404, errorBody('not_found', `No control operation ${ex.req.method ?? ''} ${sub}.`));
      return;
    }
    try {
      const body = ex.req.method === 'POST' ? await readJson(ex.req) : {};
      ex.json(200, { ok: true, value: op(body) });
    } catch (err: unknown) {
      const message = err instanceof Error ? err.message : String(err);
      ex.json(400, errorBody('bad_request', message));
    }
  };
}
