// What the window cuts at its size: one check for the tests that look at small windows.

/**
 * Page code: the words the header, the banners and the folders cut at the window's size (a text
 * clipped by its own box or by an ancestor's), and the meter rows whose cells overlap.
 */
export const CUT_WORDS = `(() => {
  const cut = [];
  const leaves = [...document.querySelectorAll('.app-header *, .banners *, .sidebar *')].filter(
    (e) => e.checkVisibility() && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()),
  );
  for (const e of leaves) {
    const style = getComputedStyle(e);
    if (style.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1) cut.push(e.textContent);
    const range = document.createRange();
    range.selectNodeContents(e);
    const text = range.getBoundingClientRect();
    for (let a = e.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible' && a !== document.body) continue;
      const box = a.getBoundingClientRect();
      if (text.left < box.left - 1 || text.right > box.right + 1) cut.push(e.textContent);
    }
  }
  for (const row of document.querySelectorAll('[data-testid="meter-row"]')) {
    const cells = [...row.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0);
    cells.forEach((r, i) => {
      const next = cells[i + 1];
      if (next && r.right > next.left + 1) cut.push(row.textContent);
    });
  }
  return [...new Set(cut)];
})()`;
