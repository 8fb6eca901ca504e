// The line above a setting the machine policy fixes: by whom (the policy file or registry key).
import { useT } from '../../i18n/i18n';

export function LockedNote({
  source,
  testId,
}: {
  source: string | null;
  testId: string;
}): React.JSX.Element {
  const t = useT('desk');
  return (
    <p className="tone-info small" role="note" data-testid={testId}>
      {source === null ? t('settings.lockedNoSource') : t('settings.locked', { source })}
    </p>
  );
}
