// @vitest-environment happy-dom
// A service address typed as people type it (issue 29, item 6): a bare host name gets https://
// (and the form says so), a host and port without a scheme is told the scheme is missing, with
// the address to use offered; onboarding refused both as "not a web address".
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionForm } from '../../renderer/components/connection-form';
import {
  addressProblem,
  serviceAddress,
  withSchemeOffered,
} from '../../renderer/components/service-address';
import { createI18n } from '../../renderer/i18n/i18n';
import { StoreProvider } from '../../renderer/store/context';
import { createAppStore } from '../../renderer/store/create-store';
import { stubBridge } from './stub-bridge';

afterEach(cleanup);

describe('the address check', () => {
  it.each([
    ['ablesung.stadtwerke-musterstadt.de', 'https://ablesung.stadtwerke-musterstadt.de', null],
    [' meters.example.com/reader ', 'https://meters.example.com/reader', null],
    ['https://meters.example.com', 'https://meters.example.com', null],
    ['127.0.0.1:8787', '127.0.0.1:8787', 'noScheme'],
    ['localhost:8787', 'localhost:8787', 'noScheme'],
    ['meters example', 'meters example', 'notUrl'],
    ['http://meters.example.com', 'http://meters.example.com', 'notHttps'],
  ] as const)('%j is used as %j (problem: %s)', (typed, used, problem) => {
    expect(serviceAddress(typed)).toBe(used);
    expect(addressProblem(typed)).toBe(problem);
  });

  it('offers the address with its scheme for a host and port', () => {
    expect(withSchemeOffered('127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
    expect(withSchemeOffered('meters.example.com:8443')).toBe('https://meters.example.com:8443');
    expect(withSchemeOffered('meters.example.com')).toBeNull();
  });
});

async function form() {
  const base = stubBridge([]);
  // The service is not reached: what matters is the address asked for.
  const bridge = new Proxy(base, {
    get(target, prop, receiver) {
      if (prop === 'validateConnection')
        return (request: unknown) => {
          base.calls.push({ channel: 'validateConnection', request });
          return Promise.resolve({ ok: false, error: { code: 'network', message: 'offline' } });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const store = createAppStore(bridge, { refreshMs: 20 });
  await store.getState().start();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <StoreProvider store={store}>
        <ConnectionForm initialUrl="" keyIsSet={false} submitLabel="Check and continue" />
      </StoreProvider>
    </I18nextProvider>,
  );
  return { bridge: base, store, user: userEvent.setup() };
}

describe('the onboarding form', () => {
  it('adds https:// to a bare host name, says so, and checks that address', async () => {
    const { bridge, store, user } = await form();
    await user.type(screen.getByTestId('base-url'), 'ablesung.stadtwerke-musterstadt.de');
    expect(screen.getByTestId('address-used').textContent).toBe(
      'MeterDesk adds https:// and uses https://ablesung.stadtwerke-musterstadt.de',
    );
    await user.type(screen.getByLabelText('API key'), 'key-1234567890');
    await user.click(screen.getByRole('button', { name: 'Check and continue' }));
    await waitFor(() => {
      expect(bridge.calls.filter((c) => c.channel === 'validateConnection')).toMatchObject([
        { request: { baseUrl: 'https://ablesung.stadtwerke-musterstadt.de' } },
      ]);
    });
    expect(screen.getByTestId('base-url')).toHaveProperty(
      'value',
      'https://ablesung.stadtwerke-musterstadt.de',
    );
    store.getState().stop();
  });

  it('says the scheme is missing from a host and port, and offers the address to use', async () => {
    const { bridge, store, user } = await form();
    await user.type(screen.getByTestId('base-url'), '127.0.0.1:8787');
    await user.click(screen.getByRole('button', { name: 'Check and continue' }));
    expect(screen.getByText(/The address has no scheme/)).toBeTruthy();
    expect(bridge.calls.filter((c) => c.channel === 'validateConnection')).toEqual([]);
    await user.click(screen.getByTestId('fix-url'));
    expect(screen.getByTestId('base-url')).toHaveProperty('value', 'http://127.0.0.1:8787');
    store.getState().stop();
  });
});
