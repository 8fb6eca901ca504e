import type { Page } from 'playwright-core';

export interface SeenRow {
  readonly id: number;
  readonly file: string;
  readonly status: string;
  readonly reading: string;
  readonly source: string;
  readonly review: string;
}

const READ_ROWS = `Array.from(document.querySelectorAll('#job-table .tbody [role="row"][data-job-id]'), (row) => {
  const cells = row.querySelectorAll('[role="gridcell"]');
  const text = (i) => (cells[i] ? cells[i].textContent.trim() : '');
  return { id: Number(row.dataset.jobId), file: text(0), status: text(2), reading: cells[3] ? cells[3].firstChild?.textContent ?? '' : '', source: text(5), review: text(6) };
})`;

/** Every row of the table, scrolling it from top to bottom (it only renders what is in view). */
export async function tableRows(page: Page): Promise<Map<string, SeenRow>> {
  const out = new Map<string, SeenRow>();
  const grid = page.locator('#job-table');
  await grid.evaluate((el) => {
    (el as unknown as { scrollTop: number }).scrollTop = 0;
  });
  for (let guard = 0; guard < 1000; guard++) {
    await page.waitForTimeout(50);
    for (const row of await page.evaluate<SeenRow[]>(READ_ROWS)) out.set(row.file, row);
    const atEnd = await grid.evaluate((el) => {
      const e = el as unknown as { scrollTop: number; clientHeight: number; scrollHeight: number };
      const end = e.scrollTop + e.clientHeight >= e.scrollHeight - 1;
      e.scrollTop += e.clientHeight - 40;
      return end;
    });
    if (atEnd) break;
  }
  return out;
}
