// The limit of GET /api/open/tasks (spec 4.5: bounds and default "not shown"). Deployments treat
// a limit above the maximum three ways: serve the maximum ('cap', the sandbox's default), refuse
// it with a 400, or refuse it with FastAPI's 422 validation body. Below 1 or not a number is
// refused in every mode, in the mode's own shape.

import type { ListLimitSettings } from './deployment';
import type { Exchange } from './responses';

export type ListLimitProblem = 'not_integer' | 'below_min' | 'above_max';

export type ListLimitCheck =
  | { readonly ok: true; readonly limit: number }
  | { readonly ok: false; readonly problem: ListLimitProblem };

export function checkListLimit(raw: string | null, bounds: ListLimitSettings): ListLimitCheck {
  if (raw === null) return { ok: true, limit: bounds.default };
  if (!/^[0-9]{1,9}$/.test(raw)) return { ok: false, problem: 'not_integer' };
  const n = Number(raw);
  if (n < 1) return { ok: false, problem: 'below_min' };
  if (n <= bounds.max) return { ok: true, limit: n };
  return bounds.over === 'cap'
    ? { ok: true, limit: bounds.max }
    : { ok: false, problem: 'above_max' };
}

/** One entry of a FastAPI (pydantic v2) 422 body, as FastAPI writes it for a query parameter. */
function validationIssue(raw: string, problem: ListLimitProblem, max: number): object {
  const loc = ['query', 'limit'];
  switch (problem) {
    case 'not_integer':
      return {
        type: 'int_parsing',
        loc,
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: raw,
      };
    case 'below_min':
      return {
        type: 'greater_than_equal',
        loc,
        msg: 'Input should be greater than or equal to 1',
        input: raw,
        ctx: { ge: 1 },
      };
    case 'above_max':
      return {
        type: 'less_than_equal',
        loc,
        msg: `Input should be less than or equal to ${max}`,
        input: raw,
        ctx: { le: max },
      };
  }
}

export function refuseListLimit(
  ex: Exchange,
  bounds: ListLimitSettings,
  raw: string,
  problem: ListLimitProblem,
): void {
  if (bounds.over === 422) {
    ex.json(422, { detail: [validationIssue(raw, problem, bounds.max)] });
    return;
  }
  const message =
    bounds.over === 400
      ? `limit must be between 1 and ${bounds.max}`
      : `limit must be an integer from 1 to ${bounds.max}.`;
  ex.fail({ status: 400, error: 'bad_request', message });
}
