// The IPC contract and everything derived from it. Renderer code imports from here.
export * from './channels';
export * from './contract';
export * from './bridge';
export * from './app-event';
export * from './limits';
export * from './result';
export * from './views';
export * from './update-view';
export * from './billing-views';
export * from './office-views';
export * from './office-report-views';
export * from './office-export-views';
export * from './office-review-views';
export * from './history-views';
export * from './limits-views';
export * from './order-file-views';
