import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { MeterDeskBridge } from '../common/ipc';
import { I18nextProvider } from 'react-i18next';
import { App } from './app';
import { resolveLanguage } from './i18n/catalogues';
import { createI18n } from './i18n/i18n';
import { followLanguageSetting } from './i18n/language-setting';
import { createAppStore } from './store/create-store';
import { StoreProvider } from './store/context';
import './styles/theme.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/header-widgets.css';
import './styles/table.css';
import './styles/sidebar.css';
import './styles/progress.css';
import './styles/banners.css';
import './styles/add-report.css';
import './styles/detail.css';
import './styles/overlays.css';
import './styles/empty-state.css';
import './styles/onboarding.css';
import './styles/settings.css';
import './styles/office-report.css';
import './styles/activity-log.css';
import './styles/billing.css';
import './styles/meter-list.css';
import './styles/office-review.css';
import './styles/desk.css';

declare global {
  interface Window {
    /** Set by the preload (contextBridge); absent when the page is opened outside MeterDesk. */
    readonly meterDesk?: MeterDeskBridge;
  }
}

const root = document.getElementById('root');
if (root) {
  const bridge = window.meterDesk;
  // The OS language until the settings arrive; then the clerk's choice in Settings.
  const i18n = createI18n(resolveLanguage(undefined, navigator.languages));
  if (!bridge) {
    root.textContent = i18n.t('app:splash.noBridge');
  } else {
    const store = createAppStore(bridge);
    void store.getState().start();
    followLanguageSetting(
      (listener) =>
        store.subscribe((s) => {
          listener(s.settings.language);
        }),
      i18n,
    );
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <StoreProvider store={store}>
            <App />
          </StoreProvider>
        </I18nextProvider>
      </StrictMode>,
    );
  }
}
