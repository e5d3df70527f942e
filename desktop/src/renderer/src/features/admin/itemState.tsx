import { TEXTS, type ItemState } from '@mahalle/shared';
import { LeanTag as Tag } from '../../components/lean/LeanTag';
import { ItemStateTags } from '../../components/ItemStateTags';
import type { AdminColumn } from './table/AdminTable';
import { FilterSelect } from './workspace';

const A = TEXTS.admin;

/**
 * A questions or events row's state, as the member pages mark it ("Onay bekliyor", "Gizlendi"),
 * and "Yayında" for the others, so a shown row reads as one in the table and in a phone's card.
 */
export function itemStateColumn<T extends { isHidden: boolean; pendingApproval: boolean }>(): AdminColumn<T> {
  return {
    key: 'state',
    title: A.itemStateColumn,
    width: 130,
    render: (row) => (row.isHidden || row.pendingApproval ? <ItemStateTags item={row} /> : <Tag color="green">{A.itemStateShown}</Tag>),
  };
}

/** The tables' filter by state: all rows, the held ones, or the others hidden. */
export function ItemStateFilter({ value, onChange }: { value: ItemState | ''; onChange(v: ItemState | ''): void }) {
  return (
    <FilterSelect<ItemState | ''>
      value={value}
      onChange={onChange}
      width={160}
      options={[
        { value: '', label: A.itemStateAll },
        { value: 'pending', label: TEXTS.watchedWords.pending },
        { value: 'hidden', label: TEXTS.community.hiddenMark },
      ]}
      label={A.itemStateFilter}
    />
  );
}
