// Handlers for the window's Office settings (docs/office.md): the settings in office.json, the
// password in the secret store that keeps the API key, and the Test button. The password comes in
// and is remembered for scrubbing; no answer, log line or error carries it.
import { refuseIfLocked } from '../policy-settings';
import type { BackendHandlers } from '../backend';
import type { OfficeSettings, OfficeView } from '../../../common/ipc/office-views';
import { AppError } from '../../ipc/app-error';
import { replyMessage } from '../../../common/reply-messages';
import { defaultDeskName } from '../../office/office-desk';
import {
  OfficePasswords,
  officeSettingsFile,
  saveOfficeSettings,
} from '../../office/office-settings';
import { testOfficeConnection } from '../../office/office-test-connection';
import type { BackendState } from '../backend-state';
import { describe } from '../start-problems';
import { storing } from './service';

type OfficeHandlers = Pick<BackendHandlers, 'getOffice' | 'saveOffice' | 'testOffice'>;

export function officeHandlers(state: BackendState): OfficeHandlers {
  const file = officeSettingsFile(state.defaultDataDir);
  const passwords = new OfficePasswords(state.secrets.store);

  /** A keychain that cannot be read says "not saved" here; saving says why it failed. */
  const saved = async (settings: OfficeSettings): Promise<string | null> => {
    try {
      return await passwords.get(settings);
    } catch (error) {
      state.log(`office password not readable: ${describe(error)}`);
      return null;
    }
  };

  const view = async (settings: OfficeSettings | null): Promise<OfficeView> => ({
    settings,
    defaultDesk: defaultDeskName(),
    passwordSaved: settings !== null && (await saved(settings)) !== null,
  });

  return {
    getOffice: () => view(state.office.settings()),

    async saveOffice({ settings, password }) {
      const before = state.office.settings();
      // A locked office keeps its settings; the desk's own password for it may still be saved.
      if (JSON.stringify(settings) !== JSON.stringify(before)) {
        refuseIfLocked(state.policy, 'office');
      }
      if (password !== undefined) {
        if (settings === null) {
          throw new AppError('invalid_request', replyMessage('officePasswordAlone', {}));
        }
        state.sawSecret(password);
        await storing(() => passwords.set(settings, password));
      }
      // No office any more: its password is not kept for nothing.
      if (settings === null && before !== null) {
        await passwords.delete(before).catch((error: unknown) => {
          state.log(`office password not removed: ${describe(error)}`);
        });
      }
      // The engine starts again with the office desk the settings now ask for (or none).
      await state.change((current) => {
        saveOfficeSettings(file, settings);
        return current;
      });
      return view(settings);
    },

    async testOffice({ settings, password }) {
      const secret = password ?? (await saved(settings));
      if (secret !== null) state.sawSecret(secret);
      return testOfficeConnection(settings, secret);
    },
  };
}
