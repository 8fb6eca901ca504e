// The version line under the app's name, and what automatic updates are doing: nothing is shown
// for them while they are off or idle (the reason is in the tooltip), progress while one is
// downloading, and a plain note once it is ready to install when MeterDesk quits.
import { useEffect } from 'react';
import { useApp, useAppApi } from '../store/context';

export function UpdateStatus(): React.JSX.Element | null {
  const api = useAppApi();
  const update = useApp((s) => s.update);
  useEffect(() => api.getState().watchUpdate(), [api]);
  if (!update) return null;
  const { currentVersion, phase, newVersion, percent, detail, feedHost } = update;
  const title = detail ?? (feedHost ? `Updates from ${feedHost}` : 'Automatic updates');
  return (
    <p className="brand-sub small" data-testid="update-status" title={title}>
      <span>Version {currentVersion}</span>
      {phase === 'downloading' && newVersion && (
        <span className="tone-busy">
          {' '}
          · Downloading {newVersion}
          {percent !== null ? ` (${String(percent)} %)` : ''}
        </span>
      )}
      {phase === 'ready' && newVersion && (
        <span className="tone-ok" role="status">
          {' '}
          · Update {newVersion} ready: installed when you quit MeterDesk
        </span>
      )}
      {phase === 'failed' && <span className="tone-warn"> · Update check failed</span>}
    </p>
  );
}
