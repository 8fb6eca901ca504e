import { useApp } from './store/context';
import { MainScreen } from './screens/main-screen/main-screen';
import { Notices } from './components/notices';
import { Onboarding } from './screens/onboarding/onboarding';
import { SettingsScreen } from './screens/settings/settings-screen';
import { OfficeReportScreen } from './screens/office-report/office-report-screen';
import { DropZone } from './components/drop-zone';
import { describeError } from './lib/errors';
import { useT } from './i18n/i18n';

export function App(): React.JSX.Element {
  const phase = useApp((s) => s.phase);
  const screen = useApp((s) => s.screen);
  const startError = useApp((s) => s.startError);
  const t = useT('app');
  const errorsT = useT('errors');
  if (phase === 'starting') {
    return (
      <div className="splash" aria-busy="true">
        <p className="muted">{t('splash.opening')}</p>
      </div>
    );
  }
  if (phase === 'failed') {
    return (
      <div className="splash" role="alert">
        <h1>{t('splash.failed')}</h1>
        <p>{startError ? describeError(startError, errorsT) : t('splash.unknown')}</p>
      </div>
    );
  }
  return (
    <>
      {screen === 'onboarding' && <Onboarding />}
      {screen === 'settings' && <SettingsScreen />}
      {screen === 'officeReport' && <OfficeReportScreen />}
      {screen === 'main' && <MainScreen />}
      {screen === 'main' && <DropZone />}
      <Notices />
    </>
  );
}
