// Synthetic water-meter photos and sample folders for tests, the demo and benchmarks.
// Each photo carries its true reading as an ASCII marker in format metadata (see marker.ts),
// which is what the sandbox "recognises".
export { renderMeterPhoto, DEFAULT_PHOTO_WIDTH, type RenderMeterPhotoOptions } from './render';
export {
  embedReadingMarker,
  extractReadingMarker,
  readingMarker,
  MARKER_PREFIX,
  type SampleFormat,
} from './marker';
export { generateSampleFolder, type GenerateSampleFolderOptions } from './folder';
export { flawPhoto, PHOTO_FLAWS, TINY_SHORT_SIDE, type PhotoFlaw } from './flaws';
export type {
  SampleManifest,
  SampleManifestEntry,
  SampleExpectation,
  SampleFailureKind,
} from './manifest';
export { OVERSIZED_BYTES } from './bad-files';
export {
  READING_PATTERN,
  METER_TYPE_PATTERN,
  SAMPLE_METER_TYPES,
  DEFAULT_METER_TYPE,
  randomReading,
} from './reading';
