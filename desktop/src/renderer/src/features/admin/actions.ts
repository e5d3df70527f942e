import { useApp } from '../../components/LazyFeedback';
import { TEXTS } from '@mahalle/shared';
import { errorMessage } from '../../api/client';

/** The workspace's sort: a column's server key and a direction; newest first unless chosen. */
export type Sort = { key: string; direction: 'asc' | 'desc' };
export const NEWEST: Sort = { key: 'createdAt', direction: 'desc' };

/**
 * Runs an admin change and says how it went: a success toast, or the action's failure text with
 * the server's reason (the failure is passed on, so a dialog stays open). The api/admin hooks
 * refresh the lists themselves.
 */
export function useAct() {
  const { notification } = useApp();
  return (p: Promise<unknown>, ok: string, fail = 'İşlem başarısız oldu') =>
    p.then(
      () => void notification.success({ message: ok }),
      (err: unknown) => {
        notification.error({ message: TEXTS.errors.title, description: errorMessage(err, fail) });
        throw err;
      },
    );
}

/** A single row's delete asks first, as the bulk actions do. */
export function useConfirmDelete() {
  const { modal } = useApp();
  return (title: string, content: string, run: () => Promise<unknown>) =>
    modal.confirm({ title, content, okText: 'Sil', cancelText: 'İptal', okButtonProps: { danger: true }, onOk: () => run().catch(() => undefined) });
}

/** Row keys of the workspace tables are ids as text; the API takes numbers. */
export const toIds = (keys: string[]) => keys.map(Number);
