// @vitest-environment happy-dom
// A photo's name in the detail's title (issue 29): where it must wrap, it breaks in its stem,
// never inside its extension, which is kept in one unbreakable piece.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileName, fileNameParts } from '../../renderer/components/file-name';

afterEach(cleanup);

describe('a file name that may wrap', () => {
  it('keeps the extension with its dot in one piece', () => {
    expect(fileNameParts('IMG_20261126_081512_Zaehler_0002.jpeg')).toEqual([
      'IMG_20261126_081512_Zaehler_0002',
      '.jpeg',
    ]);
    expect(fileNameParts('meter.0002.JPG')).toEqual(['meter.0002', '.JPG']);
    expect(fileNameParts('.hidden')).toEqual(['.hidden', '']);
    expect(fileNameParts('no-extension')).toEqual(['no-extension', '']);
  });

  it('shows the whole name, the extension in a piece that does not break', () => {
    const { container } = render(
      <h2>
        <FileName name="meter_0002.jpg" />
      </h2>,
    );
    expect(container.textContent).toBe('meter_0002.jpg');
    expect(container.querySelector('.file-extension')?.textContent).toBe('.jpg');
  });
});
