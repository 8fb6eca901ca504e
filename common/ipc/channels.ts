// Channel names only, free of zod, so the preload bundle stays a few lines (the schemas live in
// contract.ts, which main uses to validate).

export const CHANNEL_NAMES = [
  'snapshot',
  'addPaths',
  'addFolders',
  'chooseDataFolder',
  'queryJobs',
  'jobDetail',
  'listRoots',
  'pause',
  'resume',
  'retryNow',
  'retryFailed',
  'sendHeldAnyway',
  'photoChecks',
  'setPhotoCheckThresholds',
  'plausibilityLimits',
  'setPlausibilityProfile',
  'inspectionList',
  'remove',
  'review',
  'undoReview',
  'exportCsv',
  'getSettings',
  'getWatchFolders',
  'setSettings',
  'getKeyStatus',
  'setApiKey',
  'clearApiKey',
  'startSandbox',
  'validateConnection',
  'openFileLocation',
  'getUpdateStatus',
  'openLogFolder',
  'chooseRouteSheet',
  'importHistory',
  'loadRouteSheet',
  'loadOrderFile',
  'chooseOrderProfile',
  'setFilePattern',
  'billingOverview',
  'listMeters',
  'findMeters',
  'meterDetail',
  'assignMeter',
  'recordSkip',
  'typeReading',
  'decideMeter',
  'undoMeterDecision',
  'saveTemplate',
  'importTemplate',
  'exportTemplate',
  'exportMissing',
  'exportBilling',
  'exportReturnFile',
  'exportOfficeBilling',
  'officeExportOverview',
  'exportOfficeReturnFile',
  'billingPreview',
  'getOffice',
  'saveOffice',
  'testOffice',
  'chooseOfficeCaFile',
  'officeReport',
  'exportOfficeReport',
  'officeShowMeter',
  'officeWalkNext',
  'officeAskHandover',
  'officeHandOver',
] as const;

export type ChannelName = (typeof CHANNEL_NAMES)[number];

/** The Electron IPC channel a contract channel travels on. */
export function invokeChannel(name: ChannelName): `meterdesk:${ChannelName}` {
  return `meterdesk:${name}`;
}

/** The one channel main pushes AppEvents on. */
export const EVENT_CHANNEL = 'meterdesk:event';

export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && (CHANNEL_NAMES as readonly string[]).includes(value);
}

/** The app's own page is served from this origin (a privileged custom scheme, never file://). */
export const APP_SCHEME = 'meterdesk-app';
export const APP_ORIGIN = `${APP_SCHEME}://app`;
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`;

/** Photos of known jobs, by job id; the only way the window sees a photo. */
export const PHOTO_SCHEME = 'meterdesk-photo';

export function photoUrl(jobId: number): string {
  return `${PHOTO_SCHEME}://job/${String(jobId)}`;
}
