// The review desk's undo key, beside the Undo button of the review box.
import { useEffect } from 'react';
import { useAppApi } from '../../store/context';
import { undoHere } from '../../store/walk-slice';

/** Ctrl+Z (⌘Z) takes back the last review, except in a text field (its own undo). */
export function useUndoShortcut(): void {
  const api = useAppApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) {
        return;
      }
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)))
        return;
      // Walking, only the review of the photo shown (undoHere).
      if (!undoHere(api.getState())) return;
      e.preventDefault();
      // No box to show a failure in: it comes as a notice, as other keyboard actions' do.
      void api
        .getState()
        .undoReview()
        .then((undone) => {
          if (!undone.ok) api.getState().notifyError(undone.error);
        });
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [api]);
}
