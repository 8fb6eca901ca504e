// The backend process's side: opens the backend, serves the main process's calls and streams the
// window's events to it. The OS services the backend needs (dialogs, notifications, safeStorage)
// are calls back to main, which alone may use them.
import { createRpcPeer, type RpcPort } from '../ipc/rpc';
import { dispatchTrusted } from './trusted-call';
import { KeychainSecretStore } from '../secrets/keychain';
import { openBackend, type Backend } from './backend';
import { encryptedSecretsFile } from './encrypted-file-store';
import type { HostConfig, HostMethods, MainMethods } from '../ipc/host-protocol';
import type { OsPort } from '../ipc/os-port';
import { chooseSecretStore } from './secret-choice';

export async function runBackendHost(port: RpcPort, config: HostConfig): Promise<void> {
  let resolveBackend: (backend: Backend) => void = () => undefined;
  const opened = new Promise<Backend>((resolve) => {
    resolveBackend = resolve;
  });
  const host: HostMethods = {
    invoke: async (channel, payload) => dispatchTrusted(await opened, channel, payload, log),
    networkHint: () => {
      void opened.then((backend) => {
        backend.networkHint();
      });
    },
    photoFile: async (jobId) => (await opened).photoFile(jobId),
    close: async () => {
      await (await opened).close();
    },
  };
  const main = createRpcPeer<MainMethods>(port, host);
  function log(line: string): void {
    main.notify('log', line);
  }
  const os: OsPort = {
    chooseSaveFile: (name) => main.call('chooseSaveFile', name),
    chooseFolders: () => main.call('chooseFolders'),
    showItemInFolder: (path) => main.call('showItemInFolder', path),
    notify: (notice) => main.call('notify', notice),
    setProgress: (progress) => main.call('setProgress', progress),
    safeStorageInfo: () => main.call('safeStorageInfo'),
    encryptString: (plain) => main.call('encryptString', plain),
    decryptString: (sealed) => main.call('decryptString', sealed),
  };
  try {
    const secrets = await chooseSecretStore({
      keychain: new KeychainSecretStore(
        config.keychainService ? { service: config.keychainService } : {},
      ),
      safeStorage: {
        info: () => os.safeStorageInfo(),
        encryptString: (plain) => os.encryptString(plain),
        decryptString: (sealed) => os.decryptString(sealed),
      },
      encryptedFile: encryptedSecretsFile(config.userDataDir),
    });
    if (secrets.warning) log(secrets.warning);
    const backend = await openBackend({
      userDataDir: config.userDataDir,
      appVersion: config.appVersion,
      secrets,
      os,
      log,
      // Test-only knobs, passed through as given by the test that started this process.
      ...(config.engineConfig && { engineConfig: config.engineConfig }),
      ...(config.sandbox && { sandbox: config.sandbox }),
      ...(config.samples && { samples: config.samples }),
    });
    backend.subscribe((event) => {
      main.notify('event', event);
    });
    resolveBackend(backend);
    main.notify('ready');
  } catch (error) {
    main.notify('failed', error instanceof Error ? error.message : String(error));
    throw error;
  }
}
