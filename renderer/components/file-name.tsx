// A file's name that may wrap in a narrow place: the name breaks after a '_', '-' or '.' where it
// can, anywhere in its stem where it must, and never inside its extension (".j" / "pg" reads as
// another file).
import { Fragment } from 'react';

/** [stem, extension]: the extension with its dot, '' when there is none (or only a leading dot). */
export function fileNameParts(name: string): readonly [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

export function FileName({ name }: { name: string }): React.JSX.Element {
  const [stem, extension] = fileNameParts(name);
  // "IMG_20261126_081512" breaks as "IMG_" / "20261126_081512", not as "IMG_2026" / "1126_...".
  const pieces = stem.split(/(?<=[_.-])/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
      {extension && <span className="file-extension">{extension}</span>}
    </>
  );
}
