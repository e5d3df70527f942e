import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Checkbox, Dropdown, Grid, Space, Table, Typography } from 'antd';
import { useApp } from '../../../components/LazyFeedback';
import { SettingOutlined } from '@ant-design/icons';
import { getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState, type VisibilityState } from '@tanstack/react-table';
import { loadPrefs, moveFocus, savePrefs } from './prefs';

export interface AdminColumn<T> {
  key: string;
  title: string;
  width?: number;
  /** The server's sort key for this column; sortable columns ask the server to sort. */
  sortKey?: string;
  render?: (row: T) => React.ReactNode;
}

/** A column's content for a row: its own render, or the row's field of the column's key as text. */
const cell = <T,>(c: AdminColumn<T>, row: T): React.ReactNode => (c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? ''));

/**
 * The rows as cards, for a phone: the first column is the card's title (the item's name), the others follow
 * labelled (identity, status, dates …), and the actions column's buttons sit at the card's foot, so an action is
 * always seen beside what it acts on. A selectable table's card has its checkbox by the title.
 */
function RowCards<T>({
  rows,
  columns,
  rowKey,
  cardTitle,
  loading,
  selectable,
  selected,
  onSelect,
}: {
  rows: T[];
  columns: AdminColumn<T>[];
  rowKey(row: T): string;
  cardTitle?(row: T): React.ReactNode;
  loading?: boolean;
  selectable: boolean;
  selected: RowSelectionState;
  onSelect(key: string, on: boolean): void;
}) {
  const others = columns.filter((c) => c.key !== 'actions');
  // The first column is the title, unless the table names its rows itself.
  const first = cardTitle ? undefined : others.at(0);
  const rest = cardTitle ? others : others.slice(1);
  const actions = columns.find((c) => c.key === 'actions');
  if (loading && rows.length === 0) return <Card loading size="small" />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }} data-testid="row-cards">
      {rows.map((row) => {
        const key = rowKey(row);
        return (
          <li key={key}>
            <Card
              size="small"
              data-testid="row-card"
              title={
                <span style={{ display: 'flex', alignItems: 'center', gap: 8, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                  {selectable && <Checkbox checked={!!selected[key]} onChange={(e) => onSelect(key, e.target.checked)} aria-label="Seç" />}
                  <span>{cardTitle ? cardTitle(row) : first ? cell(first, row) : key}</span>
                </span>
              }
            >
              <dl className="row-card-fields">
                {rest.map((c) => (
                  <div key={c.key}>
                    <dt>{c.title}</dt>
                    <dd>{cell(c, row)}</dd>
                  </div>
                ))}
              </dl>
              {actions && <div style={{ marginTop: 8 }}>{cell(actions, row)}</div>}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

export interface BulkAction {
  key: string;
  label: string;
  danger?: boolean;
  run(ids: string[]): Promise<unknown>;
}

/**
 * The rows' box fills the window below the table's top (toolbar, header and the count line
 * take about 140 px), at least 320 px, and follows the window as it is resized.
 */
function useAvailableHeight() {
  const ref = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(520);
  useEffect(() => {
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 200;
      setValue(Math.max(320, Math.round(window.innerHeight - Math.max(top, 0) - 140)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { ref, value };
}

export interface AdminTableProps<T> {
  id: string;
  rows: T[];
  columns: AdminColumn<T>[];
  rowKey(row: T): string;
  loading?: boolean;
  bulkActions?: BulkAction[];
  onOpen?(row: T): void;
  hasMore?: boolean;
  /** A next page is on its way (scrolling to the end asks for it; so does the button). */
  loadingMore?: boolean;
  onLoadMore?(): void;
  toolbar?: React.ReactNode;
  /** A phone's card title for a row (what the row is about); the first column when not given. */
  cardTitle?(row: T): React.ReactNode;
  sort?: { key: string; direction: 'asc' | 'desc' };
  onSortChange?(sort: { key: string; direction: 'asc' | 'desc' }): void;
}

/**
 * The moderation workspace's table: @tanstack/react-table holds column visibility and row
 * selection, antd draws it (virtualised, so thousands of rows stay smooth). Column choice and
 * widths are remembered; arrow keys move the focused row, space selects it, enter opens it.
 * Below antd's `md` breakpoint each row is a card instead (RowCards): its first column as the
 * title, the other columns labelled under it and the row's actions inside it, so a phone sees
 * which row an action acts on.
 */
export function AdminTable<T>({
  id,
  rows,
  columns,
  rowKey,
  loading,
  bulkActions = [],
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
  toolbar,
  cardTitle,
  sort,
  onSortChange,
}: AdminTableProps<T>) {
  const { modal } = useApp();
  // Unknown before the first measure: the table then, as on a wide screen.
  const phone = Grid.useBreakpoint().md === false;
  const [prefs, setPrefs] = useState(() => loadPrefs(id));
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [focused, setFocused] = useState(-1);
  const height = useAvailableHeight();
  const columnVisibility = useMemo<VisibilityState>(() => Object.fromEntries(prefs.hidden.map((h) => [h, false])), [prefs.hidden]);
  const defs = useMemo<ColumnDef<T>[]>(() => columns.map((c) => ({ id: c.key, header: c.title })), [columns]);
  const table = useReactTable({
    data: rows,
    columns: defs,
    getRowId: (row) => rowKey(row),
    state: { rowSelection, columnVisibility },
    enableRowSelection: bulkActions.length > 0,
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
  });
  // The columns react-table shows, in its order (every one of them comes from `columns`).
  const visible = table.getVisibleLeafColumns().flatMap((c) => columns.filter((x) => x.key === c.id));
  const selectedIds = Object.keys(rowSelection).filter((k) => rowSelection[k]);
  const update = (next: typeof prefs) => {
    setPrefs(next);
    savePrefs(id, next);
  };
  const runBulk = (action: BulkAction) =>
    modal.confirm({
      title: `${action.label}: ${selectedIds.length} kayıt`,
      content: 'Seçili kayıtların tümüne uygulanacak. Emin misiniz?',
      okText: action.label,
      cancelText: 'İptal',
      okButtonProps: { danger: action.danger },
      // The action reports success or failure itself (a toast, and the tables refresh).
      onOk: () =>
        action.run(selectedIds).then(
          () => setRowSelection({}),
          () => undefined,
        ),
    });
  // The row under the keyboard focus, if any (none before the first arrow key, or once the list has shrunk under it).
  const focusedRow = focused >= 0 ? rows.at(focused) : undefined;
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'].includes(e.key)) {
      e.preventDefault();
      setFocused(focused < 0 ? (rows.length ? 0 : -1) : moveFocus(focused, e.key, rows.length));
    } else if (e.key === ' ' && focusedRow && bulkActions.length) {
      e.preventDefault();
      const idKey = rowKey(focusedRow);
      setRowSelection((s) => ({ ...s, [idKey]: !s[idKey] }));
    } else if (e.key === 'Enter' && focusedRow) {
      onOpen?.(focusedRow);
    }
  };
  return (
    <div
      ref={height.ref}
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label="Tablo: ok tuşlarıyla gezinin, boşlukla seçin"
      style={{ outline: 'none' }}
      data-testid={`table-${id}`}
    >
      <Space style={{ marginBottom: 8, display: 'flex', flexWrap: 'wrap' }}>
        {toolbar}
        {bulkActions.length > 0 && <Typography.Text type="secondary">{selectedIds.length} seçili</Typography.Text>}
        {bulkActions.map((a) => (
          <Button key={a.key} danger={a.danger} disabled={selectedIds.length === 0} onClick={() => runBulk(a)}>
            {a.label}
          </Button>
        ))}
        <Dropdown
          trigger={['click']}
          popupRender={() => (
            <div style={{ background: 'var(--ant-color-bg-elevated, #fff)', padding: 8, borderRadius: 8, boxShadow: '0 6px 16px rgba(0,0,0,.12)' }}>
              {columns.map((c) => (
                <div key={c.key}>
                  <Checkbox
                    checked={!prefs.hidden.includes(c.key)}
                    onChange={(e) => update({ ...prefs, hidden: e.target.checked ? prefs.hidden.filter((h) => h !== c.key) : [...prefs.hidden, c.key] })}
                  >
                    {c.title}
                  </Checkbox>
                </div>
              ))}
            </div>
          )}
        >
          <Button icon={<SettingOutlined />}>Sütunlar</Button>
        </Dropdown>
      </Space>
      {phone ? (
        <RowCards
          rows={rows}
          columns={visible}
          rowKey={rowKey}
          cardTitle={cardTitle}
          loading={loading}
          selectable={bulkActions.length > 0}
          selected={rowSelection}
          onSelect={(key, on) => setRowSelection((s) => ({ ...s, [key]: on }))}
        />
      ) : (
        <Table<T>
          className="admin-table"
          size="small"
          virtual
          scroll={{ y: height.value, x: visible.reduce((s, c) => s + (prefs.widths[c.key] ?? c.width ?? 160), 60) }}
          loading={loading}
          dataSource={rows}
          rowKey={(r) => rowKey(r)}
          pagination={false}
          rowClassName={(_, i) => (i === focused ? 'ant-table-row-selected' : '')}
          onScroll={(e) => {
            // Near the end of what is loaded, the next page comes by itself: 10 000 rows are 100 pages.
            const el = e.currentTarget as HTMLElement | null;
            if (el && hasMore && !loadingMore && onLoadMore && el.scrollHeight - el.scrollTop - el.clientHeight < 400) onLoadMore();
          }}
          onRow={(r, i) => ({ onClick: () => setFocused(i ?? -1), onDoubleClick: () => onOpen?.(r) })}
          onChange={(_p, _f, sorter) => {
            const s = Array.isArray(sorter) ? sorter.at(0) : sorter;
            const col = columns.find((c) => c.key === s?.columnKey);
            if (s && onSortChange && col?.sortKey) onSortChange({ key: s.order ? col.sortKey : 'createdAt', direction: s.order === 'ascend' ? 'asc' : 'desc' });
          }}
          rowSelection={
            bulkActions.length
              ? { selectedRowKeys: selectedIds, onChange: (keys) => setRowSelection(Object.fromEntries(keys.map((k) => [String(k), true]))) }
              : undefined
          }
          columns={visible.map((c) => ({
            key: c.key,
            title: c.title,
            width: prefs.widths[c.key] ?? c.width ?? 160,
            // Row actions stay in view at the right edge however wide the other columns are.
            fixed: c.key === 'actions' ? ('right' as const) : undefined,
            sorter: c.sortKey ? true : undefined,
            sortOrder: c.sortKey && sort?.key === c.sortKey ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null,
            render: (_: unknown, row: T) => cell(c, row),
            onHeaderCell: () => ({
              onDoubleClick: () =>
                update({
                  ...prefs,
                  widths: { ...prefs.widths, [c.key]: (prefs.widths[c.key] ?? c.width ?? 160) >= 320 ? 120 : (prefs.widths[c.key] ?? c.width ?? 160) + 80 },
                }),
              title: 'Genişliği değiştirmek için çift tıklayın',
            }),
          }))}
        />
      )}
      {hasMore && (
        <Button block style={{ marginTop: 8 }} onClick={onLoadMore} loading={loadingMore}>
          Daha fazla yükle
        </Button>
      )}
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }} aria-live="polite">
        {rows.length} kayıt{hasMore ? ' (kaydırdıkça devamı yüklenir)' : ''}
      </Typography.Text>
    </div>
  );
}
