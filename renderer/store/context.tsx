import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState } from './types';
import type { AppStore } from './create-store';

const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({
  store,
  children,
}: {
  store: AppStore;
  children: ReactNode;
}): React.JSX.Element {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useApp outside StoreProvider');
  return store;
}

/** Selects one narrow piece of the store; the component re-renders only when it changes. */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStore(), selector);
}

/** The store's actions and non-reactive reads (event handlers). */
export function useAppApi(): AppStore {
  return useAppStore();
}
