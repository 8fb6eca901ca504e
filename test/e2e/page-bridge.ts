// The page side of the test bridge: `window.meterDesk` for the built renderer, defined before any
// of the app's scripts run. Every channel forwards to the in-process bridge in the test (through
// Playwright's exposed function), dropped files are passed by name (the test maps names to paths,
// as the preload's webUtils.getPathForFile would), and pushes arrive through `__mdEmit`. Replies
// and pushes cross as JSON text: Playwright checks a structured argument value by value, which for
// pages of rows cost more than the window's own work and held pushes back (about three a second
// instead of ten at 1,000 changed rows a second). Kept as a string: it runs in the page, not in Node.
import { CHANNEL_NAMES } from '../../common/ipc';

export const CALL_BINDING = '__mdCall';
export const DROP_BINDING = '__mdDrop';
export const EMIT_FUNCTION = '__mdEmit';

export const PAGE_BRIDGE_SCRIPT = `(() => {
  const channels = ${JSON.stringify(CHANNEL_NAMES)};
  const listeners = new Set();
  const bridge = {};
  for (const name of channels) {
    bridge[name] = (request) =>
      window.${CALL_BINDING}(name, request === undefined ? {} : request).then((text) => JSON.parse(text));
  }
  bridge.addDroppedFiles = (files) => window.${DROP_BINDING}(Array.from(files, (f) => f.name));
  bridge.onEvent = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  Object.defineProperty(window, '${EMIT_FUNCTION}', {
    value: (text) => { const event = JSON.parse(text); for (const l of listeners) l(event); },
  });
  Object.defineProperty(window, 'meterDesk', { value: Object.freeze(bridge) });
})();`;

/** Fires a drag-and-drop of files with these names on the window, as the OS would. */
export function dropScript(names: readonly string[]): string {
  return `(() => {
    const dt = new DataTransfer();
    for (const name of ${JSON.stringify(names)}) dt.items.add(new File([], name));
    const fire = (type) => window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    fire('dragenter');
    fire('dragover');
    fire('drop');
  })()`;
}
