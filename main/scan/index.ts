// The scanner: turns folders and files the user added into ScannedFile rows (see scan.ts).
export { scanPaths } from './scan';
export { sniffImageFormat, unsupportedReason, type ImageFormat, type SniffResult } from './sniff';
export { hashFile } from './hash';
export { isSkippedFile, isSkippedFolder } from './junk';
export type { ScannedFile, ScanOptions, ScanProgress } from './types';
