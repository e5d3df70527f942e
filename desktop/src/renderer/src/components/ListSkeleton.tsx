import { SkeletonRow } from './lean/SkeletonRow';

/**
 * A card's list while it loads: grey lines (and round avatars) where the rows will be, so a
 * side card never says 'Veri Yok' or 'Yaklaşan etkinlik yok' before its answer has arrived.
 * Drawn by the lean `SkeletonRow`: antd's `Skeleton` would ride along in every visitor's first load.
 */
export function ListSkeleton({ rows = 3, avatar = false }: { rows?: number; avatar?: boolean }) {
  return (
    <div data-testid="list-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonRow key={i} avatar={avatar} />
      ))}
    </div>
  );
}
