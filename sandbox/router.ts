// The public API's routes (spec section 4) and the scope each needs.

import { getAiStatus, getQuota } from './api-info';
import { createBatch, getBatch } from './api-batches';
import { createTask, getTask, listTasks } from './api-tasks';
import type { SandboxContext } from './context';
import type { KeyRecord } from './keys';
import type { Exchange } from './responses';
import type { Scope } from './scopes';

export type Handler = (
  ctx: SandboxContext,
  ex: Exchange,
  key: KeyRecord,
  params: readonly string[],
  url: URL,
) => void | Promise<void>;

export interface Route {
  readonly method: 'GET' | 'POST';
  readonly pattern: RegExp;
  readonly scope: Scope;
  readonly handler: Handler;
}

export const API_PREFIX = '/api/open/';

const ID = '([^/]+)';

export const ROUTES: readonly Route[] = [
  { method: 'GET', pattern: /^\/api\/open\/quota$/, scope: 'quota:read', handler: getQuota },
  { method: 'GET', pattern: /^\/api\/open\/ai-status$/, scope: 'ai:read', handler: getAiStatus },
  { method: 'POST', pattern: /^\/api\/open\/tasks$/, scope: 'tasks:write', handler: createTask },
  { method: 'GET', pattern: /^\/api\/open\/tasks$/, scope: 'tasks:read', handler: listTasks },
  {
    method: 'GET',
    pattern: new RegExp(`^/api/open/tasks/${ID}$`),
    scope: 'tasks:read',
    handler: getTask,
  },
  {
    method: 'POST',
    pattern: /^\/api\/open\/batches$/,
    scope: 'batches:write',
    handler: createBatch,
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/api/open/batches/${ID}$`),
    scope: 'batches:read',
    handler: getBatch,
  },
];

export type RouteMatch =
  | { kind: 'route'; route: Route; params: string[] }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

export function matchRoute(method: string, rawPath: string): RouteMatch {
  // A trailing slash is tolerated: /api/open/tasks/ is /api/open/tasks.
  const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  const allow: string[] = [];
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    if (route.method === method) {
      let params: string[];
      try {
        params = m.slice(1).map((p) => decodeURIComponent(p));
      } catch {
        return { kind: 'not_found' };
      }
      return { kind: 'route', route, params };
    }
    allow.push(route.method);
  }
  return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
}
