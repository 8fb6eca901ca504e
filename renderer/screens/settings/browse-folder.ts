// The folder dialog behind Settings' Browse buttons (the data folder, a watch folder): the chosen
// folder goes to the field; a dialog that failed says so in a notice; a canceled one does nothing.
import type { AppStore } from '../../store/create-store';

export function browseFolder(api: AppStore, chosen: (path: string) => void): void {
  void api
    .getState()
    .chooseDataFolder()
    .then((reply) => {
      if (!reply.ok) api.getState().notifyError(reply.error);
      else if (reply.value !== null) chosen(reply.value);
    });
}
