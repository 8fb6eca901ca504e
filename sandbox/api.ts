// The request pipeline of the public API. Order (each step answers and stops on failure):
//   1. path outside /api/open/                 -> 404 (no auth: nothing is there)
//   2. authentication                          -> 401 unauthorized
//   3. count one request unit for the key      -> 429 rate_limited (the unit counts anyway)
//   4. account active, source IP allowlisted   -> 403 forbidden
//   5. route and method                        -> 404 / 405
//   6. scope of the route                      -> 403 forbidden
//   7. the handler (uploads: 413/400, then admission.ts: submission, 415, concurrency, quota)
// Every answer after step 2 carries X-RateLimit-* and X-SubmissionLimit-*.

import { checkAccess, checkScope } from './auth';
import type { Forbidden } from './auth';
import { authenticate } from './auth';
import type { SandboxContext } from './context';
import { errorBody } from './responses';
import type { Exchange } from './responses';
import { API_PREFIX, matchRoute } from './router';

function forbidden(ex: Exchange, f: Forbidden): void {
  const extra = f.requiredScope
    ? { reason: f.reason, required_scope: f.requiredScope }
    : { reason: f.reason };
  ex.json(403, errorBody('forbidden', f.message, extra));
}

export async function handleApi(ctx: SandboxContext, ex: Exchange, url: URL): Promise<void> {
  const path = url.pathname;
  if (!path.startsWith(API_PREFIX)) {
    ex.json(404, errorBody('not_found', 'No such endpoint.'));
    return;
  }

  const auth = authenticate(ctx.keys, ex.req.headers.authorization, ctx.clock.now());
  if (!auth.ok) {
    ex.json(401, errorBody('unauthorized', auth.message));
    return;
  }
  const key = auth.key;
  ex.rateHeaders = () => ctx.limiter.rateHeaders(key.key, key.limits);

  if (!ctx.limiter.countRequest(key.key, key.limits)) {
    ctx.ledger.rejection('request');
    const wait = ctx.limiter.retryAfterSeconds();
    ex.json(
      429,
      errorBody(
        'rate_limited',
        `Request limit reached (${key.limits.requestsPerWindow} per window); retry in ${wait} s.`,
      ),
      { 'Retry-After': String(wait) },
    );
    return;
  }

  const denied = checkAccess(key, ex.clientIp);
  if (denied) {
    forbidden(ex, denied);
    return;
  }

  const match = matchRoute(ex.req.method ?? 'GET', path);
  if (match.kind === 'not_found') {
    ex.json(404, errorBody('not_found', 'No such endpoint.'));
    return;
  }
  if (match.kind === 'method_not_allowed') {
    ex.json(405, errorBody('method_not_allowed', 'Method not allowed.'), {
      Allow: match.allow.join(', '),
    });
    return;
  }

  const noScope = checkScope(key, match.route.scope);
  if (noScope) {
    forbidden(ex, noScope);
    return;
  }
  await match.route.handler(ctx, ex, key, match.params, url);
}
