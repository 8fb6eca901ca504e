// Watch folders: new photos in them are added to the queue once they stopped changing.
export {
  DEFAULT_CHECK_EVERY_MS,
  DEFAULT_STABLE_MS,
  FolderWatcher,
  type FolderWatcherOptions,
  type Intake,
  type IntakeResult,
} from './folder-watcher';
export { chokidarEvents, type FileEventHandlers, type OpenFileEvents } from './file-events';
export { StableFiles, type FileLook, type LookAt } from './stable-files';
export { probeFolder, type ProbeFolder } from './watched-folder';
export { intakeOf } from './intake';
