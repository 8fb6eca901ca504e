// What a notice says, kept as what happened (counts, paths, an error with its code) so the window
// words it in its own language when shown, never as English kept beside it. `said`: words the
// window already put in its language when the notice was made (a dialog's own sentence).
import type { TFunction } from 'i18next';
import type { IpcError } from '../../common/ipc';
import { englishT } from '../i18n/english';
import { describeError } from '../lib/errors';

export type NoticeWords =
  | { readonly kind: 'retried'; readonly count: number }
  | { readonly kind: 'removed'; readonly removed: number; readonly kept: number }
  | { readonly kind: 'exported'; readonly count: number; readonly path: string }
  | { readonly kind: 'error'; readonly error: IpcError }
  | { readonly kind: 'said'; readonly text: string };

/** A notice in the window's words (English by default). */
export function wordNotice(
  words: NoticeWords,
  t: TFunction = englishT('app'),
  errorsT: TFunction<'errors'> = englishT('errors'),
  engineT: TFunction<'engine'> = englishT('engine'),
): string {
  switch (words.kind) {
    case 'retried':
      return t('notices.retried', { count: words.count });
    case 'removed':
      return words.kept > 0
        ? t('notices.removedSome', {
            count: words.removed,
            kept: t('notices.kept', { count: words.kept }),
          })
        : t('notices.removed', { count: words.removed });
    case 'exported':
      return t('notices.exported', { count: words.count, path: words.path });
    case 'error':
      return describeError(words.error, errorsT, engineT);
    case 'said':
      return words.text;
  }
}
