// What a 413's words say about the deployment's byte limit: a stated figure below what was
// refused, never one that would not have refused it.
import { describe, expect, it } from 'vitest';
import { statedByteLimit } from '../../main/engine/byte-limit';

describe('the byte limit a 413 states', () => {
  it.each([
    ['File too large. Maximum size is 20MB', 20_400_000, 20_000_000],
    ['the maximum is 20MB of file content per batch (20971520 bytes)', 21_000_000, 20_971_520],
    ['max 20,000,000 bytes per upload', 20_400_000, 20_000_000],
    ['the maximum is 0.015MB per image.', 40_000, 15_000],
    ['limit: 10 MiB', 20_000_000, 10 * 1024 * 1024],
  ])('%s (refused %d bytes): %d', (message, refused, limit) => {
    expect(statedByteLimit(message, refused)).toBe(limit);
  });

  it('no figure, or one that would not have refused the upload, is none', () => {
    expect(statedByteLimit('Payload Too Large', 20_400_000)).toBeNull();
    expect(statedByteLimit('The maximum is 20MB', 19_000_000)).toBeNull();
  });
});
