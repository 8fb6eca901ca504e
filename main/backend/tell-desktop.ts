// What the attention tracker (attention.ts) found worth the person's notice, handed to the shell:
// OS notifications and the taskbar/dock progress. A shell that cannot show them is a log line.
import type { AttentionUpdate } from './attention';
import type { MainServices } from './main-services';

export function tellDesktop(
  main: MainServices,
  update: AttentionUpdate,
  log: (line: string) => void,
): void {
  for (const notice of update.notices) {
    void main.notify(notice).then((result) => {
      if (!result.ok) log(`notification failed: ${result.error.message}`);
    });
  }
  if (update.progress) {
    void main.setProgress(update.progress).then((result) => {
      if (!result.ok) log(`progress update failed: ${result.error.message}`);
    });
  }
}
