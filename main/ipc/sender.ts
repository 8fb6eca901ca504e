// Who is calling. Every IPC message carries its sender; only MeterDesk's own window, from its top
// frame, showing MeterDesk's own page, may call the backend. A frame that navigated elsewhere
// (which the shell also blocks), an iframe, or another window gets `forbidden`.

/** What main knows about the sender of one message (from IpcMainInvokeEvent). */
export interface SenderInfo {
  readonly webContentsId: number;
  /** The URL of the frame that sent it; null when the frame is gone. */
  readonly frameUrl: string | null;
  /** Whether that frame is the window's top frame (not an iframe). */
  readonly isMainFrame: boolean;
}

export interface TrustedWindow {
  /** The webContents id of MeterDesk's window; null while there is none. */
  readonly webContentsId: number | null;
  /** The app page, e.g. meterdesk-app://app/index.html; query and fragment may differ. */
  readonly pageUrl: string;
}

function samePage(frameUrl: string, pageUrl: string): boolean {
  let frame: URL;
  let page: URL;
  try {
    frame = new URL(frameUrl);
    page = new URL(pageUrl);
  } catch {
    return false;
  }
  return (
    frame.protocol === page.protocol &&
    frame.host === page.host &&
    frame.pathname === page.pathname &&
    frame.username === '' &&
    frame.password === ''
  );
}

export function isTrustedSender(sender: SenderInfo, trusted: TrustedWindow): boolean {
  return (
    trusted.webContentsId !== null &&
    sender.webContentsId === trusted.webContentsId &&
    sender.isMainFrame &&
    sender.frameUrl !== null &&
    samePage(sender.frameUrl, trusted.pageUrl)
  );
}
