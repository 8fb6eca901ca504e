// Escape from anywhere on a screen of its own (Settings, the Office report) goes back to the
// photos; a select or dialog that uses Escape itself prevents the default and keeps it.
import { useEffect } from 'react';
import { useAppApi } from '../store/context';

export function useEscapeToPhotos(): void {
  const api = useAppApi();
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      api.getState().showScreen('main');
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [api]);
}
