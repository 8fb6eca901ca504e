// One Tab stop for a list of many (the meter list): Tab enters at the row last used, the arrow
// keys move between rows, Home and End jump to the first and last. The rows carry
// data-roving so the list finds them in order.
import { useState } from 'react';

export interface RovingFocus {
  readonly tabIndexOf: (index: number) => 0 | -1;
  readonly onKeyDown: (e: React.KeyboardEvent<HTMLElement>) => void;
  /** A row got the focus (a click, the arrow keys): Tab comes back to it. */
  readonly focused: (index: number) => void;
}

export function useRovingFocus(count: number): RovingFocus {
  const [at, setAt] = useState(0);
  const current = Math.min(at, Math.max(0, count - 1));
  return {
    tabIndexOf: (index) => (index === current ? 0 : -1),
    focused: setAt,
    onKeyDown: (e) => {
      const target =
        e.key === 'ArrowDown'
          ? current + 1
          : e.key === 'ArrowUp'
            ? current - 1
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? count - 1
                : null;
      if (target === null || count === 0) return;
      e.preventDefault();
      const next = Math.min(Math.max(target, 0), count - 1);
      setAt(next);
      e.currentTarget.querySelectorAll<HTMLElement>('[data-roving]')[next]?.focus();
    },
  };
}
