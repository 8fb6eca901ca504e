// Where the keyboard focus goes when the screen changes, so a keyboard or screen-reader user is
// not left on a button that no longer exists: onboarding done -> the first heading of the photos
// screen; back from Settings -> the Settings button that opened it; back from the Office report ->
// the Office card's Report button. (Settings and the report focus their own heading when they
// open.)
import type { Screen } from './session-slice';

/** The header's Settings button (header.tsx). */
export const SETTINGS_BUTTON_ID = 'open-settings';

/** The header Office card's Report button (components/office-status.tsx). */
export const OFFICE_REPORT_BUTTON_ID = 'open-office-report';

function settingsButton(): HTMLElement | null {
  return document.getElementById(SETTINGS_BUTTON_ID);
}

function firstHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1, main h2');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

const MAX_FRAMES = 30;

export function focusAfterScreenChange(screen: Screen, from: Screen): void {
  if (typeof document === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  if (screen !== 'main' || from === 'main') return;
  let frames = 0;
  // The new screen renders after this store change: look for its element on the next frames.
  const attempt = (): void => {
    const el =
      from === 'settings'
        ? settingsButton()
        : from === 'officeReport'
          ? document.getElementById(OFFICE_REPORT_BUTTON_ID)
          : firstHeading();
    if (el) el.focus();
    else if (++frames < MAX_FRAMES) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
