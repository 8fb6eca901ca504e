// The folders a route sheet or an order file matches photos in: by default those added on the
// newest day, each one a box the clerk can untick.
import { CheckChoice } from '../components/choice-fieldset';
import { useT } from '../i18n/i18n';
import { useApp } from '../store/context';

/**
 * The folders a new sheet is kept to unless the clerk says otherwise: those added on the day the
 * newest was (today's readers' folders, dropped before the sheet), not last month's.
 */
export function defaultSheetFolders(roots: readonly { path: string; addedAt: string }[]): string[] {
  const day = (at: string): string => new Date(at).toDateString();
  const newest = [...roots].sort((a, b) => b.addedAt.localeCompare(a.addedAt))[0];
  return newest
    ? roots.filter((r) => day(r.addedAt) === day(newest.addedAt)).map((r) => r.path)
    : [];
}

export function FolderChoice({
  chosen,
  onChange,
}: {
  chosen: readonly string[];
  onChange: (folders: string[]) => void;
}): React.JSX.Element | null {
  const t = useT('billing');
  const roots = useApp((s) => s.roots);
  if (roots.length === 0) return null;
  return (
    <fieldset className="sheet-folders" data-testid="sheet-folders">
      <legend>{t('sheet.foldersTitle')}</legend>
      <p className="muted small">{t('sheet.foldersHint')}</p>
      {roots.map((r) => (
        <CheckChoice
          key={r.id}
          checked={chosen.includes(r.path)}
          onChange={(on) => {
            onChange(on ? [...chosen, r.path] : chosen.filter((p) => p !== r.path));
          }}
        >
          <span data-i18n-skip="data" title={r.path}>
            {r.path.split(/[\\/]/).filter(Boolean).pop() ?? r.path}
          </span>
        </CheckChoice>
      ))}
    </fieldset>
  );
}
