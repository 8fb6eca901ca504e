// The photo of the detail panel, through the meterdesk-photo:// protocol main serves (never
// file://); a photo that is missing or does not load says so instead.
import { useState } from 'react';
import type { JobDetail } from '../../../common/ipc';
import { baseName } from '../../lib/format';
import { useT } from '../../i18n/i18n';
import { Icon } from '../../components/icon';
import { PhotoViewer } from '../../components/photo-viewer';

export function Photo({ detail }: { detail: JobDetail }): React.JSX.Element {
  const t = useT('desk');
  const [broken, setBroken] = useState<string | null>(null);
  const url = detail.photoUrl;
  if (url === null || broken === url) {
    return (
      <div className="photo photo-none">
        <Icon name="ban" />
        <span>{url === null ? t('photo.none') : t('photo.broken')}</span>
      </div>
    );
  }
  return (
    <PhotoViewer
      url={url}
      fileName={baseName(detail.job.relPath)}
      onError={() => {
        setBroken(url);
      }}
    />
  );
}
