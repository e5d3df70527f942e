import { Skeleton } from 'antd';

/**
 * A card's list while it loads: grey lines (and round avatars) where the rows will be, so a
 * side card never says 'Veri Yok' or 'Yaklaşan etkinlik yok' before its answer has arrived.
 */
export function ListSkeleton({ rows = 3, avatar = false }: { rows?: number; avatar?: boolean }) {
  return (
    <div data-testid="list-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} active avatar={avatar ? { size: 32 } : false} title={false} paragraph={{ rows: 1, width: '90%' }} style={{ marginBottom: 8 }} />
      ))}
    </div>
  );
}
