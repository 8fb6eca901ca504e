import { net, powerMonitor } from 'electron';
import { watchNetwork } from '../desktop/network-watch';

/** net.isOnline() transitions and wake-ups become engine.networkHint() calls. */
export function watchNetworkHints(hint: (why: string) => void): () => void {
  const watch = watchNetwork({ isOnline: () => net.isOnline(), hint });
  const resumed = (): void => {
    watch.resumed();
  };
  powerMonitor.on('resume', resumed);
  powerMonitor.on('unlock-screen', resumed);
  return () => {
    watch.stop();
    powerMonitor.off('resume', resumed);
    powerMonitor.off('unlock-screen', resumed);
  };
}
