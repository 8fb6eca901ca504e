// Finds words on the page that did not come through the catalogues. In the pseudo-locale every
// catalogue string is wrapped in ⟦…⟧ (renderer/i18n/catalogues.ts, pseudoString), so a visible
// word outside such brackets was written into the code. Data (file names, readings, meter ids)
// and the service's or engine's own words are marked by the window with data-i18n-skip (text)
// or data-i18n-<attribute> (an attribute that quotes them), and are passed over deliberately.
import type { Page } from 'playwright-core';

/** Attributes a person reads or hears: each must be a catalogue string. */
const WORDED_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description'];

/**
 * Every unmarked word on the page, as "where: text". Text is walked in document order with the
 * bracket depth carried across nodes, so a string with markup inside (Trans: "⟦<b>3</b> óf 5⟧")
 * counts as marked throughout.
 */
export async function unmarkedWords(page: Page, skip: readonly string[] = []): Promise<string[]> {
  // Page code as text: the test's TypeScript has no DOM types (like PAGE_BRIDGE_SCRIPT).
  const found: unknown = await page.evaluate(
    `(${SCAN})(${JSON.stringify([WORDED_ATTRIBUTES, skip])})`,
  );
  if (!Array.isArray(found)) throw new Error('the page scan returned no list');
  return found.map(String);
}

const SCAN = String.raw`([attributes, skipped]) => {
  const skipSelector = ['[data-i18n-skip]', 'script', 'style', ...skipped].join(', ');
  const where = (el) => {
    const id = el.getAttribute('data-testid');
    return id ? el.tagName.toLowerCase() + '[data-testid=' + id + ']' : el.tagName.toLowerCase();
  };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let depth = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    const parent = node.parentElement;
    const skippedNode = parent === null || parent.closest(skipSelector) !== null;
    let outside = '';
    for (const ch of text) {
      if (ch === '⟦') depth += 1;
      else if (ch === '⟧') depth = Math.max(0, depth - 1);
      else if (depth === 0) outside += ch;
    }
    // Two ASCII letters in a row outside the brackets: a word, not a number or a mark.
    if (!skippedNode && /[A-Za-z]{2,}/.test(outside)) found.push(where(parent) + ': ' + text.trim());
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest(skipSelector)) continue;
    for (const name of attributes) {
      const value = el.getAttribute(name);
      if (value === null || !/[A-Za-z]{2,}/.test(value)) continue;
      // data-i18n-title="service", data-i18n-placeholder="data": that attribute quotes them.
      if (el.hasAttribute('data-i18n-' + name)) continue;
      if (!value.includes('⟦')) found.push(where(el) + ' @' + name + ': ' + value);
    }
  }
  return found;
}`;
