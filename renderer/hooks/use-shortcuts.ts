// Keyboard review from anywhere on the main screen (not while typing in a field or a dialog is
// open): J/K next/previous, A accept, E correct, / search.
import { useEffect } from 'react';
import type { AppStore } from '../store/create-store';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.closest('[role="dialog"]') !== null
  );
}

export function useShortcuts(store: AppStore, searchInputId: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const state = store.getState();
      const job = state.detail?.job;
      switch (e.key.toLowerCase()) {
        case 'j':
          e.preventDefault();
          void state.moveSelection(1);
          break;
        case 'k':
          e.preventDefault();
          void state.moveSelection(-1);
          break;
        case 'a':
          if (job?.state === 'done' && job.id === state.selectedId) {
            e.preventDefault();
            void state.review(job.id, { action: 'accept' }).then((reviewed) => {
              if (!reviewed.ok) state.notifyError(reviewed.error);
            });
          }
          break;
        case 'e':
          if (job?.state === 'done' && job.id === state.selectedId) {
            e.preventDefault();
            state.startEdit();
          }
          break;
        case '/':
          e.preventDefault();
          document.getElementById(searchInputId)?.focus();
          break;
        default:
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [store, searchInputId, enabled]);
}
