// Steps several scenarios share: start on the built-in sandbox, make a folder of sample photos,
// read a route fixture's photos and load its sheet.
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { generateSampleFolder, type SampleManifest } from '../../sandbox/samples';
import type { RouteFixture } from '../helpers/route-fixture';
import { eventually, type TestWindow } from './harness';

export async function startOnSandbox(win: TestWindow): Promise<void> {
  await win.page.getByTestId('try-sandbox').click();
  await win.page.getByTestId('empty-state').waitFor();
}

export function sampleFolder(
  win: TestWindow,
  name: string,
  count: number,
  seed: number,
): Promise<SampleManifest> {
  return generateSampleFolder(join(win.dir, name), {
    count,
    seed,
    includeBadFiles: false,
    subfolders: false,
    duplicates: 0,
    width: 240,
  });
}

/**
 * Loads a route sheet of test/helpers/route-fixture.ts through the window: its meter id and old
 * read date columns are mapped by hand, as a clerk maps them; the dialog is closed after.
 */
export async function loadFixtureSheet(win: TestWindow, sheet: string): Promise<void> {
  const { page } = win;
  win.os.openAnswers.push(sheet);
  await page.getByTestId('load-route-sheet').click();
  await page.getByTestId('map-meterId').waitFor();
  await page.getByTestId('map-meterId').selectOption('Gerät Nr.');
  await page.getByTestId('map-previousReadAt').selectOption('Ablesedatum alt');
  await page.getByTestId('sheet-load').click();
  await page.getByTestId('sheet-loaded').waitFor();
  await page.getByTestId('sheet-close').click();
}

/**
 * A fixture's route read from the start: on the sandbox, every photo done (one per meter that has
 * one, and the one no meter claims), then its sheet loaded as a clerk loads it.
 */
export async function readFixtureRoute(win: TestWindow, fx: RouteFixture): Promise<void> {
  await startOnSandbox(win);
  await win.drop([fx.photos]);
  await waitForCount(win, 'done', fx.meters.filter((m) => m.relPath !== null).length + 1);
  await loadFixtureSheet(win, fx.sheet);
}

/** Waits until the legend's count for a state reads `n`. */
export async function waitForCount(
  win: TestWindow,
  key: string,
  n: number,
  timeout = 60_000,
): Promise<void> {
  await eventually(
    async () => {
      const text = (await win.page.getByTestId(`count-${key}`).textContent()) ?? '';
      expect(text.replace(/\D/g, '')).toBe(String(n));
    },
    { timeout },
  );
}

/** The page as it is, checked with axe (no serious or critical violations) and saved in both themes. */
export async function bothThemes(win: TestWindow, name: string): Promise<void> {
  expect(await win.axe()).toEqual([]);
  await win.screenshot(`${name}-light`);
  await win.page.emulateMedia({ colorScheme: 'dark' });
  expect(await win.axe()).toEqual([]);
  await win.screenshot(`${name}-dark`);
  await win.page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Clicks a row and waits for its photo's detail panel. A click the table re-rendered under (rows
 * move while photos finish) is given once more once the row is still not selected; a panel that
 * still does not come says what the window shows instead of a bare timeout.
 */
export async function openDetail(win: TestWindow, row: Locator): Promise<void> {
  const panel = win.page.getByTestId('detail-panel');
  await row.click();
  try {
    await panel.waitFor({ timeout: 15_000 });
    return;
  } catch {
    if ((await row.getAttribute('aria-selected')) !== 'true') await row.click();
  }
  try {
    await panel.waitFor({ timeout: 60_000 });
  } catch (error) {
    const shown = await win.page.locator('aside.detail').allInnerTexts();
    const selected = await win.page.locator('[role="row"][aria-selected="true"]').allInnerTexts();
    throw new Error(
      `no detail panel after clicking ${await row.innerText()}: the side shows ${JSON.stringify(shown)}, ` +
        `selected rows ${JSON.stringify(selected)}`,
      { cause: error },
    );
  }
}
