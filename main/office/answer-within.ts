// The office's answer, or `otherwise` when it fails or is later than `ms`: a person's click never
// waits on a slow office longer than that (the window then works as a desk alone).
import type { Clock } from '../time/clock';

export function answerWithin<T>(
  time: Clock,
  ms: number,
  work: (waited: () => boolean) => Promise<T>,
  otherwise: T,
): Promise<T> {
  return new Promise<T>((resolve) => {
    let waiting = true;
    const late = time.setTimer(
      () => {
        waiting = false;
        resolve(otherwise);
      },
      ms,
      { weak: true },
    );
    work(() => waiting).then(
      (value) => {
        time.clearTimer(late);
        resolve(value);
      },
      () => {
        time.clearTimer(late);
        resolve(otherwise);
      },
    );
  });
}
