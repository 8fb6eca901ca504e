// A describe block whose tests share one built renderer and one Chromium (openSite is the slow
// part: a vite build and a browser start). Without Chromium the block is skipped, saying why.
import { afterAll, beforeAll, describe } from 'vitest';
import { browserMissing, openSite, type Site } from './harness';

export function describeInBrowser(name: string, body: (site: () => Site) => void): void {
  const missing = browserMissing();
  if (missing) console.log(`skipping browser tests "${name}": ${missing}`);
  describe.skipIf(missing !== null)(name, () => {
    let site: Site | undefined;
    beforeAll(async () => {
      site = await openSite();
    }, 120_000);
    afterAll(async () => {
      await site?.close();
    });
    body(() => {
      if (!site) throw new Error('the browser is not open yet');
      return site;
    });
  });
}
