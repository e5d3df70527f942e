import { useState } from 'react';
import { Form, type FormInstance } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { TEXTS, truncate } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useBulkDelete, type BulkDeleteType } from '../../api/admin';
import type { BulkAction } from './table/AdminTable';

/** The workspace's sort: a column's server key and a direction; newest first unless chosen. */
export type Sort = { key: string; direction: 'asc' | 'desc' };
export const NEWEST: Sort = { key: 'createdAt', direction: 'desc' };

/** A table's sort and what its header clicks change it to. */
export interface Sorting {
  sort: Sort;
  onSortChange(next: Sort): void;
}

/**
 * The sort of one table. `byDateOnly`: the server sorts that list by date alone, so a header
 * click only turns the direction round.
 */
export function useSort(initial: Sort = NEWEST, { byDateOnly = false } = {}): Sorting {
  const [sort, setSort] = useState<Sort>(initial);
  return { sort, onSortChange: byDateOnly ? (next) => setSort({ key: 'createdAt', direction: next.direction }) : setSort };
}

/** The sort as a list's query takes it (`K`: the keys that list sorts by). */
export const sortQuery = <K>(sort: Sort) => ({ sort: sort.key as K, direction: sort.direction });

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

/** For a change whose failure the toast has already told and nothing waits on: the failure stops there. */
export const quietly = (p: Promise<unknown>) => void p.catch(() => undefined);

/** A single row's delete asks first, naming the row ('Ayşe Yılmaz (@ayse) silinsin mi?'), as the bulk actions count theirs. */
export function useConfirmDelete() {
  const { modal } = useApp();
  return (name: string, content: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title: TEXTS.confirm.deleteNamed(name),
      content,
      okText: 'Sil',
      cancelText: 'İptal',
      okButtonProps: { danger: true },
      onOk: () => run().catch(() => undefined),
    });
}

/** A row's 'Sil': asks about the row it names with `content` (what goes with it), deletes, and says `done` or `failed`. */
export function useDeleteRow<V>(remove: { mutateAsync(v: V): Promise<unknown> }, texts: { content: string; done: string; failed: string }) {
  const act = useAct();
  const confirmDelete = useConfirmDelete();
  return (v: V, name: string) => confirmDelete(name, texts.content, () => act(remove.mutateAsync(v), texts.done, texts.failed));
}

/** A row's content named in a confirm: its first words, quoted. */
export const quotedExcerpt = (text: string) => TEXTS.confirm.quoted(truncate(text.replace(/\s+/g, ' ').trim(), 60));

/** Row keys of the workspace tables are ids as text; the API takes numbers. */
export const toIds = (keys: string[]) => keys.map(Number);

/** The key of a row that has a numeric id. */
export const byId = (row: { id: number }) => String(row.id);

/** The bulk 'Sil' over the selected rows; `run` deletes them and says how it went. */
export const deleteSelected = (run: (keys: string[]) => Promise<unknown>): BulkAction => ({ key: 'delete', label: 'Sil', danger: true, run });

/** The bulk 'Sil' of a table the shared bulk delete serves: in one transaction, all of the selected rows or none. */
export function useDeleteSelected(type: BulkDeleteType): BulkAction {
  const act = useAct();
  const bulkDelete = useBulkDelete();
  return deleteSelected((keys) => act(bulkDelete.mutateAsync({ type, ids: toIds(keys) }), 'Seçilenler silindi', 'Seçilenler silinemedi; hiçbiri silinmedi'));
}

/** An edit dialog's state: the row being edited (none: closed) and its form. */
export interface EditDialogState<R, F> {
  editing: R | null;
  form: FormInstance<F>;
  open(row: R): void;
  close(): void;
  /** Checks the form, then saves; the dialog closes when the save succeeds and stays open when it fails. */
  submit(): Promise<void>;
}

/** `save` gets the row and the form's checked values; it reports its own success or failure (useAct). */
export function useEditDialog<R, F>(save: (row: R, values: F) => Promise<unknown>): EditDialogState<R, F> {
  const [editing, setEditing] = useState<R | null>(null);
  const [form] = Form.useForm<F>();
  const close = () => setEditing(null);
  const submit = () =>
    form.validateFields().then(
      async (values) => {
        if (editing === null) return;
        await save(editing, values).then(close, () => undefined);
      },
      () => undefined,
    );
  return { editing, form, open: setEditing, close, submit };
}
