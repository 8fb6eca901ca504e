// Whether the data folder is on a network share (SMB, NFS, a mapped drive): SQLite's write-ahead
// log needs shared memory one machine sees, so the queue may be damaged there. Said once in the
// log and under the data folder in Settings; asked again only when the folder changes.
import { realpathSync } from 'node:fs';
import { isOnNetworkShare } from '../watch/file-system-type';

export class DataDirShareCheck {
  private checked: { dir: string; onShare: boolean } | null = null;

  constructor(private readonly log: (line: string) => void) {}

  onShare(dir: string): boolean {
    if (this.checked?.dir !== dir) {
      let onShare = false;
      try {
        onShare = isOnNetworkShare(realpathSync(dir));
      } catch {
        // Not there (yet): nothing to warn about.
      }
      this.checked = { dir, onShare };
      if (onShare) {
        this.log(
          `warning: the data folder ${dir} is on a network share; the queue needs a local folder (docs/deployment.md, "Data folder")`,
        );
      }
    }
    return this.checked.onShare;
  }
}
