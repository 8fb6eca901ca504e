// A describe block whose tests share one built renderer and one Chromium (openSite is the slow
// part: a vite build and a browser start). Without Chromium the block is skipped, saying why.
import { rmSync } from 'node:fs';
import { beforeAll, describe } from 'vitest';
import { browserMissing, openSite, type Site } from './harness';

/**
 * One site per test process. The fast project runs many files in one process (isolate: false),
 * and starting Chromium costs about 3 s of CPU each time: the files take turns with one browser,
 * each window in a browser context of its own (openTestWindow). Chromium ends with the process,
 * as its pipe to it closes; a browser that went away is started again for the next file.
 */
let shared: Promise<Site> | undefined;

function sharedSite(): Promise<Site> {
  shared ??= openSite().then(
    (site) => {
      site.browser.on('disconnected', () => {
        shared = undefined;
      });
      // A renderer built for this site alone (outside `vitest run`) goes with the process.
      const own = site.ownBuild;
      if (own) {
        process.once('exit', () => {
          rmSync(own, { force: true, recursive: true });
        });
      }
      return site;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

export function describeInBrowser(name: string, body: (site: () => Site) => void): void {
  const missing = browserMissing();
  if (missing) console.log(`skipping browser tests "${name}": ${missing}`);
  describe.skipIf(missing !== null)(name, () => {
    let site: Site | undefined;
    beforeAll(async () => {
      site = await sharedSite();
    }, 120_000);
    body(() => {
      if (!site) throw new Error('the browser is not open yet');
      return site;
    });
  });
}
