// Settings: the service and its key (write-only: only "saved, ends in ...1234" is ever shown),
// how photos are sent, where the queue is kept and the language, saved together by one button;
// the watched folders, the photo checks' and the plausibility limits (kept with the queue) and the
// office (its own card, office-card.tsx) apply at once. The heading takes the focus when the screen opens; Escape goes
// back to the photos and gives the focus back to the Settings button.
import { useEffect, useRef } from 'react';
import { useEscapeToPhotos } from '../../hooks/use-escape-to-photos';
import { useT } from '../../i18n/i18n';
import { useApp, useAppApi } from '../../store/context';
import { OfficeCard } from './office-card';
import { PhotoChecksCard } from './photo-checks-card';
import { PlausibilityLimitsCard } from './plausibility-limits-card';
import { SettingsForm } from './settings-form';
import { WatchFolders } from './watch-folders';

export function SettingsScreen(): React.JSX.Element {
  const api = useAppApi();
  const t = useT('desk');
  const version = useApp((s) => s.appVersion);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEscapeToPhotos();
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const back = (): void => {
    api.getState().showScreen('main');
  };

  return (
    <main className="settings" data-testid="settings">
      <div className="settings-head">
        <button type="button" className="btn btn-quiet" onClick={back}>
          {t('settings.back')}
        </button>
        <h1 ref={headingRef} tabIndex={-1} data-testid="settings-heading">
          {t('settings.title')}
        </h1>
        <span className="muted small">{t('settings.version', { version })}</span>
        <button
          type="button"
          className="btn btn-quiet"
          data-testid="open-log-folder"
          onClick={() => {
            void api.getState().openLogFolder();
          }}
        >
          {t('settings.openLogs')}
        </button>
      </div>
      <div className="settings-grid">
        <SettingsForm />
        <WatchFolders />
        <PhotoChecksCard />
        <PlausibilityLimitsCard />
        <OfficeCard />
      </div>
    </main>
  );
}
