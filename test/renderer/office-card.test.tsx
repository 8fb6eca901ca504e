// @vitest-environment happy-dom
// Settings' Office card: off without an office (saving says the desk works alone); a pasted
// postgres:// address fills the fields, one with a password in it is refused and not kept; Test
// sends what is typed and words the answer (in English and German); the password goes out once on
// Save and is never shown again, only that one is saved.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  OfficeCaChoice,
  OfficeCheck,
  OfficeSettings,
  OfficeView,
  Result,
} from '../../common/ipc';
import { OfficeCard } from '../../renderer/screens/settings/office-card';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { ANNA_OFFICE } from '../office/anna-office';
import { stubBridge } from './stub-bridge';

afterEach(() => {
  cleanup();
});

const PASSWORD = 'geheim und lang 42';

interface Sent {
  saved: { settings: OfficeSettings | null; password?: string }[];
  tested: { settings: OfficeSettings; password?: string }[];
}

function setup(
  language: 'en' | 'de',
  answer: OfficeCheck,
  initial: OfficeView['settings'] = null,
  caFiles: (string | null)[] = [],
) {
  const bridge = stubBridge([], {});
  const sent: Sent = { saved: [], tested: [] };
  let view: OfficeView = { settings: initial, defaultDesk: 'anna@pc-7', passwordSaved: false };
  Object.assign(bridge, {
    getOffice: (): Promise<Result<OfficeView>> => Promise.resolve({ ok: true, value: view }),
    saveOffice: (r: Sent['saved'][number]): Promise<Result<OfficeView>> => {
      sent.saved.push(r);
      view = {
        ...view,
        settings: r.settings,
        passwordSaved: r.settings !== null && (r.password !== undefined || view.passwordSaved),
      };
      return Promise.resolve({ ok: true, value: view });
    },
    testOffice: (r: Sent['tested'][number]): Promise<Result<OfficeCheck>> => {
      sent.tested.push(r);
      return Promise.resolve({ ok: true, value: answer });
    },
    chooseOfficeCaFile: (): Promise<Result<OfficeCaChoice>> => {
      const path = caFiles.shift() ?? null;
      return Promise.resolve({
        ok: true,
        value: path === null ? { canceled: true } : { canceled: false, path },
      });
    },
  });
  const store = createAppStore(bridge, { refreshMs: 20 });
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <StoreProvider store={store}>
        <OfficeCard />
      </StoreProvider>
    </I18nextProvider>,
  );
  return sent;
}

/** The card's checkbox once the backend answered getOffice. */
async function loaded(): Promise<HTMLInputElement> {
  const box = screen.getByTestId<HTMLInputElement>('office-use');
  await waitFor(() => {
    expect(box.disabled).toBe(false);
  });
  return box;
}

const type = (testId: string, value: string): void => {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
};

const WRONG: OfficeCheck = {
  ok: false,
  problem: 'wrongPassword',
  params: {
    host: 'db',
    port: 5432,
    database: 'meterdesk',
    user: 'desk_anna',
    found: 0,
    known: 3,
    detail: '',
  },
};

describe('the Office card', () => {
  it('is off without an office; saving it off says the desk works alone', async () => {
    const sent = setup('en', WRONG);
    expect((await loaded()).checked).toBe(false);
    expect(screen.queryByTestId('office-host')).toBeNull();
    fireEvent.click(screen.getByTestId('office-save'));
    await screen.findByText('Applied. This desk works without an office.');
    expect(sent.saved).toEqual([{ settings: null }]);
  });

  it('fills the fields from a pasted address and tests what is typed', async () => {
    const sent = setup('en', WRONG);
    fireEvent.click(await loaded());
    type('office-host', 'postgres://desk_anna@db.office.example:6543/meterdesk?sslmode=require');
    expect(screen.getByTestId('office-host')).toHaveProperty('value', 'db.office.example');
    expect(screen.getByTestId('office-port')).toHaveProperty('value', '6543');
    expect(screen.getByTestId('office-database')).toHaveProperty('value', 'meterdesk');
    expect(screen.getByTestId('office-user')).toHaveProperty('value', 'desk_anna');
    expect(screen.getByTestId('office-sslmode')).toHaveProperty('value', 'require');
    type('office-password', PASSWORD);
    fireEvent.click(screen.getByTestId('office-test'));
    await screen.findByText(
      'The server refused the password for “desk_anna”. Check the password (and the user name).',
    );
    expect(sent.tested).toEqual([
      {
        settings: {
          host: 'db.office.example',
          port: 6543,
          database: 'meterdesk',
          user: 'desk_anna',
          desk: 'anna@pc-7',
          sslmode: 'require',
        },
        password: PASSWORD,
      },
    ]);
  });

  it('refuses an address with a password in it and does not keep it', async () => {
    setup('en', WRONG);
    fireEvent.click(await loaded());
    type('office-host', `postgres://desk_anna:${encodeURIComponent(PASSWORD)}@db/meterdesk`);
    expect(screen.getByTestId('office-address-problem').textContent).toBe(
      'Leave the password out of the address; type it in the password field.',
    );
    expect(screen.getByTestId('office-host')).toHaveProperty('value', '');
    expect(document.body.innerHTML).not.toContain(encodeURIComponent(PASSWORD));
  });

  it('sends the password once on Save, then only says that one is saved', async () => {
    const sent = setup('de', WRONG, ANNA_OFFICE);
    await waitFor(() => {
      expect(screen.getByTestId('office-host')).toHaveProperty('value', 'db.office.example');
    });
    type('office-password', PASSWORD);
    fireEvent.click(screen.getByTestId('office-save'));
    await screen.findByText('Übernommen.');
    expect(sent.saved[0]?.password).toBe(PASSWORD);
    expect(screen.getByTestId('office-password')).toHaveProperty('value', '');
    expect(screen.getByTestId('office-password-state').textContent).toBe(
      'Dort gespeichert, wo der API-Schlüssel liegt. Zum Ersetzen ein neues eingeben.',
    );
    expect(document.body.innerHTML).not.toContain(PASSWORD);
  });

  it('says OK with the versions, in German', async () => {
    setup('de', { ok: true, serverVersion: '16.2', schemaVersion: 3 }, ANNA_OFFICE);
    await waitFor(() => {
      expect(screen.getByTestId('office-host')).toHaveProperty('value', 'db.office.example');
    });
    fireEvent.click(screen.getByTestId('office-test'));
    await screen.findByText('Verbunden: PostgreSQL 16.2, Büro-Schema 3. Bereit.');
  });

  it('takes the office’s CA file for the certificate check: browsed, typed in full, or none', async () => {
    const sent = setup('en', WRONG, ANNA_OFFICE, ['/etc/ssl/office-ca.pem']);
    await waitFor(() => {
      expect(screen.getByTestId('office-host')).toHaveProperty('value', 'db.office.example');
    });
    fireEvent.click(screen.getByTestId('office-ca-browse'));
    await waitFor(() => {
      expect(screen.getByTestId('office-ca-file')).toHaveProperty(
        'value',
        '/etc/ssl/office-ca.pem',
      );
    });
    fireEvent.click(screen.getByTestId('office-save'));
    await screen.findByText('Applied.');
    expect(sent.saved[0]?.settings).toEqual({ ...ANNA_OFFICE, caFile: '/etc/ssl/office-ca.pem' });

    // A path without its folder is not sent: the backend could only guess where it is.
    type('office-ca-file', 'office-ca.pem');
    fireEvent.click(screen.getByTestId('office-test'));
    expect((await screen.findAllByText(/Give the file’s full path/)).length).toBeGreaterThan(0);
    expect(sent.tested).toEqual([]);

    // Without the check there is no CA file to keep.
    fireEvent.change(screen.getByTestId('office-sslmode'), { target: { value: 'require' } });
    expect(screen.queryByTestId('office-ca-file')).toBeNull();
    fireEvent.click(screen.getByTestId('office-test'));
    await screen.findByText(/The server refused the password/);
    expect(sent.tested[0]?.settings).toEqual({ ...ANNA_OFFICE, sslmode: 'require' });
  });
});
