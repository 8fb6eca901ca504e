// A file's name that may wrap in a narrow place: the name breaks where it must, its extension
// never (".j" / "pg" reads as a different file).

/** [stem, extension]: the extension with its dot, '' when there is none (or only a leading dot). */
export function fileNameParts(name: string): readonly [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

export function FileName({ name }: { name: string }): React.JSX.Element {
  const [stem, extension] = fileNameParts(name);
  return (
    <>
      {stem}
      {extension && <span className="file-extension">{extension}</span>}
    </>
  );
}
