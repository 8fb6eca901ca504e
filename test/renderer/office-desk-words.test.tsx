// @vitest-environment happy-dom
// Office mode in the photo table and the photo detail: a queued photo another desk of the office
// is sending says it waits for that desk's reading, a done photo that took another desk's reading
// says who read it and that it was not paid again here, in English and in German. A photo this
// desk sent itself says neither.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../common/job-record';
import { JobRow } from '../../renderer/components/job-row';
import { createI18n } from '../../renderer/i18n/i18n';
import { DetailFacts } from '../../renderer/screens/main-screen/detail-facts';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { doneJob, job, stubBridge } from './stub-bridge';

const WAITING = job(1, { relPath: 'route-12/a.jpg', officeDesk: 'anna@pc-7' });
const READ = doneJob(2, '01234.5', { relPath: 'route-12/b.jpg', officeDesk: 'anna@pc-7' });
const OWN = doneJob(3, '00042.0', { relPath: 'route-12/c.jpg' });

function show(record: JobRecord, language: 'en' | 'de'): void {
  const store = createAppStore(stubBridge([record]), { refreshMs: 10 });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <div role="grid">
          <JobRow
            job={record}
            index={0}
            rootName="photos"
            selected={false}
            aiOffline={false}
            kept={false}
            onPick={() => undefined}
          />
        </div>
        <DetailFacts
          detail={{ job: record, events: [], root: null, photoUrl: null, copyOf: null }}
        />
      </StoreProvider>
    </I18nextProvider>,
  );
}

const cell = (): string | null => screen.queryByTestId('cell-office-desk')?.textContent ?? null;
const fact = (): string | null => screen.queryByTestId('detail-office-desk')?.textContent ?? null;
const status = (): string => screen.getByTestId('cell-status').textContent.trim();

afterEach(cleanup);

describe("the window's words for a photo of another desk of the office", () => {
  it('says in English whose reading a queued photo waits for', () => {
    show(WAITING, 'en');
    expect(cell()).toBe('Waiting for anna@pc-7’s reading');
    expect(fact()).toBe('Waiting for anna@pc-7’s reading');
    expect(status()).toBe('Waiting');
    expect(screen.getByTestId('cell-status').getAttribute('title')).toContain(
      'so it is not sent or paid for here',
    );
  });

  it('says in English who read a done photo and that it was not paid again', () => {
    show(READ, 'en');
    expect(cell()).toBe('Read by anna@pc-7 — not paid again here');
    expect(fact()).toBe('Read by anna@pc-7 — not paid again here');
    expect(status()).toBe('Done');
    // Where the last column is cut short (1024 px), the review column still names the desk.
    const tag = screen.getByTestId('office-desk-tag');
    expect(tag.textContent).toContain('anna@pc-7');
    expect(tag.getAttribute('title')).toContain('not sent or paid for again here');
  });

  it('says the same in German', () => {
    show(WAITING, 'de');
    expect(cell()).toBe('Wartet auf die Ablesung von anna@pc-7');
    cleanup();
    show(READ, 'de');
    expect(cell()).toBe('Von anna@pc-7 abgelesen – hier nicht erneut bezahlt');
    expect(fact()).toBe('Von anna@pc-7 abgelesen – hier nicht erneut bezahlt');
  });

  it('says nothing of the office for a photo this desk read itself', () => {
    show(OWN, 'en');
    expect(cell()).toBeNull();
    expect(fact()).toBeNull();
    expect(screen.queryByTestId('office-desk-tag')).toBeNull();
  });
});
