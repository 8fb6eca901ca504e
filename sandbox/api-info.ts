// GET /api/open/quota (spec 4.1) and GET /api/open/ai-status (spec 4.2).

import { isoUtc } from './clock';
import type { SandboxContext } from './context';
import type { KeyRecord } from './keys';
import type { Exchange } from './responses';

export function getQuota(ctx: SandboxContext, ex: Exchange, key: KeyRecord): void {
  const quota = key.user.quota.view(ctx.deployment.quotaRemaining);
  ex.json(200, { ok: true, email: key.user.email, quota });
}

export function getAiStatus(ctx: SandboxContext, ex: Exchange): void {
  ex.json(200, { ok: true, ...ctx.ai.status(), last_checked_at: isoUtc(ctx.clock.now()) });
}
