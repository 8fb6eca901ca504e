import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { MeterDeskBridge } from '../common/ipc';
import { App } from './app';
import { createAppStore } from './store/create-store';
import { StoreProvider } from './store/context';
import './styles/theme.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/table.css';
import './styles/panels.css';

declare global {
  interface Window {
    /** Set by the preload (contextBridge); absent when the page is opened outside MeterDesk. */
    readonly meterDesk?: MeterDeskBridge;
  }
}

const root = document.getElementById('root');
if (root) {
  const bridge = window.meterDesk;
  if (!bridge) {
    root.textContent = 'MeterDesk must be opened from the MeterDesk app.';
  } else {
    const store = createAppStore(bridge);
    void store.getState().start();
    createRoot(root).render(
      <StrictMode>
        <StoreProvider store={store}>
          <App />
        </StoreProvider>
      </StrictMode>,
    );
  }
}
