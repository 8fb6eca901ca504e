// The choices the spec leaves open ("not shown") where real deployments differ: which service
// runs, list bounds, error body shapes, what quota.remaining counts, and so on. They are set at
// creation (options or a profile) and can be switched while the service runs
// (control.setDeployment), so one run can meet a deployment that changes under it.

import { DEFAULTS } from './options';
import type {
  CreationIsLatest,
  DeploymentService,
  ErrorStyle,
  ListLimitOptions,
  ListLimitOver,
  QuotaRemainingMode,
  SandboxOptions,
} from './options';

export interface ListLimitSettings {
  default: number;
  max: number;
  over: ListLimitOver;
}

export interface DeploymentSettings {
  service: DeploymentService;
  foreignEnabled: boolean;
  listLimit: ListLimitSettings;
  errorStyle: ErrorStyle;
  batchOverflow: { tellsLimit: boolean };
  quotaRemaining: QuotaRemainingMode;
  creationIsLatest: CreationIsLatest;
  requestLatencyMs: number;
}

/**
 * What control.setDeployment (and POST /__sandbox/deployment) may change: the options of the
 * same names. listLimit merges over the current bounds: {max: 50} keeps the over rule (and the
 * default if it is at most 50).
 */
export type DeploymentPatch = Pick<
  SandboxOptions,
  | 'service'
  | 'foreignEnabled'
  | 'listLimit'
  | 'errorStyle'
  | 'batchOverflow'
  | 'quotaRemaining'
  | 'creationIsLatest'
  | 'requestLatencyMs'
>;

const SERVICES: readonly DeploymentService[] = ['standard', 'CAD'];
const ERROR_STYLES: readonly ErrorStyle[] = ['sandbox', 'detail'];
const QUOTA_MODES: readonly QuotaRemainingMode[] = ['available', 'gross', 'daily'];
const CREATION_MODES: readonly CreationIsLatest[] = ['spec', 'always-false'];
const OVER_RULES: readonly ListLimitOver[] = ['cap', 400, 422];

function oneOf<T>(name: string, value: T | undefined, allowed: readonly T[]): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw new Error(
      `${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}; got ${JSON.stringify(value)}`,
    );
  }
}

function wholeNumber(name: string, value: unknown, min: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer of at least ${min}; got ${String(value)}`);
  }
}

function mergedListLimit(current: ListLimitSettings, patch: ListLimitOptions): ListLimitSettings {
  const max = patch.max ?? current.max;
  const next: ListLimitSettings = {
    // A max below the current default lowers the default with it; an explicit one must fit.
    default: patch.default ?? Math.min(current.default, max),
    max,
    over: patch.over ?? current.over,
  };
  wholeNumber('listLimit.default', next.default, 1);
  wholeNumber('listLimit.max', next.max, 1);
  if (next.default > next.max) {
    throw new Error(
      `listLimit.default (${next.default}) must not exceed listLimit.max (${next.max})`,
    );
  }
  oneOf('listLimit.over', next.over, OVER_RULES);
  return next;
}

/** Validates the whole patch first, then applies it: a bad patch changes nothing. */
export function applyDeployment(settings: DeploymentSettings, patch: DeploymentPatch): void {
  oneOf('service', patch.service, SERVICES);
  if (patch.foreignEnabled !== undefined && typeof patch.foreignEnabled !== 'boolean') {
    throw new Error('foreignEnabled must be true or false');
  }
  const listLimit =
    patch.listLimit === undefined
      ? undefined
      : mergedListLimit(settings.listLimit, patch.listLimit);
  oneOf('errorStyle', patch.errorStyle, ERROR_STYLES);
  if (patch.batchOverflow !== undefined && typeof patch.batchOverflow.tellsLimit !== 'boolean') {
    throw new Error('batchOverflow.tellsLimit must be true or false');
  }
  oneOf('quotaRemaining', patch.quotaRemaining, QUOTA_MODES);
  oneOf('creationIsLatest', patch.creationIsLatest, CREATION_MODES);
  if (patch.requestLatencyMs !== undefined) {
    wholeNumber('requestLatencyMs', patch.requestLatencyMs, 0);
  }

  if (patch.service !== undefined) settings.service = patch.service;
  if (patch.foreignEnabled !== undefined) settings.foreignEnabled = patch.foreignEnabled;
  if (listLimit !== undefined) settings.listLimit = listLimit;
  if (patch.errorStyle !== undefined) settings.errorStyle = patch.errorStyle;
  if (patch.batchOverflow !== undefined) {
    settings.batchOverflow = { tellsLimit: patch.batchOverflow.tellsLimit };
  }
  if (patch.quotaRemaining !== undefined) settings.quotaRemaining = patch.quotaRemaining;
  if (patch.creationIsLatest !== undefined) settings.creationIsLatest = patch.creationIsLatest;
  if (patch.requestLatencyMs !== undefined) settings.requestLatencyMs = patch.requestLatencyMs;
}

/** A copy of the settings: state() must not hand out the live ones. */
export function deploymentView(settings: DeploymentSettings): DeploymentSettings {
  return {
    ...settings,
    listLimit: { ...settings.listLimit },
    batchOverflow: { ...settings.batchOverflow },
  };
}

/** The settings at creation: today's defaults with the options applied (validated). */
export function deploymentSettings(options: DeploymentPatch): DeploymentSettings {
  const settings = deploymentView({
    service: DEFAULTS.service,
    foreignEnabled: DEFAULTS.foreignEnabled,
    listLimit: DEFAULTS.listLimit,
    errorStyle: DEFAULTS.errorStyle,
    batchOverflow: DEFAULTS.batchOverflow,
    quotaRemaining: DEFAULTS.quotaRemaining,
    creationIsLatest: DEFAULTS.creationIsLatest,
    requestLatencyMs: DEFAULTS.requestLatencyMs,
  });
  applyDeployment(settings, options);
  return settings;
}
