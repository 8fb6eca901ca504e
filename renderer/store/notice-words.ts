// What a notice says, kept as what happened (counts, paths, an error code) so the window words it
// in its own language when shown; `text` is the English wording kept on the notice for logs.
import type { TFunction } from 'i18next';
import type { IpcError } from '../../common/ipc';
import { englishT } from '../i18n/english';
import { describeError } from '../lib/errors';

export type NoticeWords =
  | { readonly kind: 'retried'; readonly count: number }
  | { readonly kind: 'removed'; readonly removed: number; readonly kept: number }
  | { readonly kind: 'exported'; readonly count: number; readonly path: string }
  | { readonly kind: 'error'; readonly error: IpcError };

export function wordNotice(
  words: NoticeWords,
  t: TFunction = englishT('app'),
  errorsT: TFunction<'errors'> = englishT('errors'),
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
      return describeError(words.error, errorsT);
  }
}

/** A notice in the window's words: from what happened when known, else its text as given. */
export function noticeText(
  notice: { readonly text: string; readonly words?: NoticeWords },
  t: TFunction,
  errorsT: TFunction<'errors'>,
): string {
  return notice.words ? wordNotice(notice.words, t, errorsT) : notice.text;
}
