// Folders and files can be dropped anywhere on the window. While something is dragged over it a
// calm overlay says what will happen; the dropped items go to the preload, which resolves their
// paths (the page never sees one).
import { useEffect, useState } from 'react';
import { useAppApi } from '../store/context';
import { Icon } from './icon';
import { useT } from '../i18n/i18n';

function carriesFiles(e: DragEvent): boolean {
  return e.dataTransfer?.types.includes('Files') ?? false;
}

export function DropZone(): React.JSX.Element | null {
  const api = useAppApi();
  const [over, setOver] = useState(false);
  const t = useT('app');

  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent): void => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth += 1;
      setOver(true);
    };
    const overHandler = (e: DragEvent): void => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent): void => {
      if (!carriesFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (e: DragEvent): void => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const files = e.dataTransfer ? [...e.dataTransfer.files] : [];
      void api.getState().addDropped(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [api]);

  if (!over) return null;
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-card">
        <Icon name="folder" />
        <p>{t('drop.title')}</p>
        <p className="muted small">{t('drop.hint')}</p>
      </div>
    </div>
  );
}
