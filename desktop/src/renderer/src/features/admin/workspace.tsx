import { Button, Form, Input, Modal, Select, Space, type ButtonProps, type FormProps } from 'antd';
import type { TablePages } from '../../api/admin';
import { AdminTable, type AdminColumn, type AdminTableProps } from './table/AdminTable';
import type { EditDialogState, Sorting } from './actions';

/** The props a paged, server-sorted table takes from its pages and its sort. */
type FromPages = 'rows' | 'loading' | 'hasMore' | 'loadingMore' | 'onLoadMore' | 'sort' | 'onSortChange';

/** A workspace table over a paged list (api/admin's table hooks) that the server sorts. */
export function PagedTable<T>({ pages, sorting, ...props }: Omit<AdminTableProps<T>, FromPages> & { pages: TablePages<T>; sorting: Sorting }) {
  return (
    <AdminTable<T>
      {...props}
      rows={pages.rows}
      loading={pages.loading}
      hasMore={pages.hasMore}
      loadingMore={pages.loadingMore}
      onLoadMore={pages.more}
      sort={sorting.sort}
      onSortChange={sorting.onSortChange}
    />
  );
}

/** A toolbar's search box: searches on Enter, clears with its ×. */
export function SearchBox({ placeholder, label, onSearch, width = 220 }: { placeholder: string; label?: string; onSearch(v: string): void; width?: number }) {
  return <Input.Search placeholder={placeholder} allowClear onSearch={onSearch} style={{ width }} aria-label={label} />;
}

/** A toolbar's filter. `searchable`: typing narrows the options by their label. */
export function FilterSelect<V extends string>({
  value,
  onChange,
  options,
  label,
  width,
  searchable = false,
}: {
  value: V;
  onChange(v: NoInfer<V>): void;
  options: { value: NoInfer<V>; label: string }[];
  label: string;
  width: number;
  searchable?: boolean;
}) {
  return (
    <Select<V>
      value={value}
      onChange={onChange}
      style={{ width }}
      options={options}
      aria-label={label}
      {...(searchable ? { showSearch: true, optionFilterProp: 'label' } : {})}
    />
  );
}

/** A label record (`{ post: 'Gönderi', … }`) as a filter's options. */
export const optionsOf = <V extends string>(labels: Partial<Record<V, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value: value as V, label: String(label) }));

/** The row actions column, kept at the table's right edge. */
export const actionsColumn = <T,>(width: number, render: (row: T) => React.ReactNode): AdminColumn<T> => ({ key: 'actions', title: 'İşlemler', width, render });

/** A row's buttons, side by side, wrapping onto more lines where the column (or a phone's card) is narrow. */
export const RowActions = ({ children }: { children: React.ReactNode }) => <Space wrap>{children}</Space>;

/** A row's small button. */
export const RowButton = (props: ButtonProps) => <Button size="small" {...props} />;

/** A row's 'Düzenle'. */
export const EditButton = ({ onClick }: { onClick(): void }) => <RowButton onClick={onClick}>Düzenle</RowButton>;

/** A row's 'Sil' (it asks first: useDeleteRow). */
export const DeleteButton = ({ onClick }: { onClick(): void }) => (
  <RowButton danger onClick={onClick}>
    Sil
  </RowButton>
);

/** The dialog of useEditDialog: its form, 'Kaydet' and 'İptal'; open while a row is being edited. */
export function EditDialog<R, F>({
  dialog,
  title,
  layout,
  initialValues,
  children,
}: {
  dialog: EditDialogState<R, F>;
  title: string;
  layout?: FormProps['layout'];
  initialValues?: object;
  children: React.ReactNode;
}) {
  return (
    <Modal
      open={dialog.editing !== null}
      title={title}
      okText="Kaydet"
      cancelText="İptal"
      onOk={() => void dialog.submit()}
      onCancel={dialog.close}
      destroyOnHidden
    >
      <Form form={dialog.form} layout={layout} initialValues={initialValues} preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
