// A line of the activity log in the window's language, worded from its code; a line without one
// (another part's words) or with a code this window does not know is shown as written, marked as
// quoted English.
import type { LogEntry } from '../../common/engine-messages';
import { useT } from '../i18n/i18n';
import { engineLine } from '../lib/engine-words';

export function EngineText({ entry }: { entry: LogEntry }): React.JSX.Element {
  const t = useT('engine');
  const bannersT = useT('banners');
  const words = engineLine(entry, t, bannersT);
  return 'worded' in words ? (
    <span>{words.worded}</span>
  ) : (
    <span data-i18n-skip="quoted" lang="en">
      {words.quoted}
    </span>
  );
}
