// GET /api/open/quota (spec 4.1) and GET /api/open/ai-status (spec 4.2).

import { isoUtc } from './clock';
import type { SandboxContext } from './context';
import type { KeyRecord } from './keys';
import { errorBody, type Exchange } from './responses';

export function getQuota(ctx: SandboxContext, ex: Exchange, key: KeyRecord): void {
  const quota = key.user.quota.view(ctx.deployment.quotaRemaining);
  ex.json(200, { ok: true, email: key.user.email, quota });
}

export function getAiStatus(ctx: SandboxContext, ex: Exchange): void {
  // The endpoint's own check of the AI fails while uploads and reads work (faults.ts).
  const failing = ctx.faults.settings.aiStatusErrorStatus;
  if (failing > 0) {
    ctx.ledger.fault('ai_status_error', 'GET', '/api/open/ai-status');
    ex.json(failing, errorBody('ai_check_failed', 'The AI health check failed.'));
    return;
  }
  ex.json(200, { ok: true, ...ctx.ai.status(), last_checked_at: isoUtc(ctx.clock.now()) });
}
