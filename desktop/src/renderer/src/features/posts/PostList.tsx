import { LIMITS } from '@mahalle/shared';
import { AreaFilter, ChooseNeighbourhoodPrompt, useArea } from '../places/PlaceFields';
import { Suspense, useEffect } from 'react';
import { usePostList, type PostFeed } from '../../api/posts';
import { LeanButton as Button } from '../../components/lean/LeanButton';
import { SkeletonRow } from '../../components/lean/SkeletonRow';
import { lazyWithRetry as lazy } from '../../components/lazyRetry';
import { PostCard } from './PostCard';

// antd's `Empty` (its picture and styles) only for a feed that has nothing.
const EmptyState = lazy(() => import('../../components/EmptyState').then((m) => ({ default: m.EmptyState })));

/** A cursor-paged list of posts ('Daha fazla' loads the next page); `onSettled` is told once its first page is drawn (or failed). */
export function PostList({
  feed,
  empty,
  pageSize = LIMITS.feedPage,
  more = true,
  onSettled,
}: {
  feed: PostFeed;
  empty?: React.ReactNode;
  pageSize?: number;
  more?: boolean;
  onSettled?: () => void;
}) {
  const q = usePostList(feed, pageSize);
  useEffect(() => {
    if (!q.isLoading) onSettled?.();
  }, [q.isLoading, onSettled]);
  if (q.isLoading)
    return (
      <div aria-busy="true">
        <SkeletonRow avatar />
        <SkeletonRow avatar />
      </div>
    );
  const posts = q.data?.pages.flatMap((p) => p.items) ?? [];
  if (posts.length === 0) return <Suspense fallback={null}>{empty ?? <EmptyState title="Henüz gönderi yok" />}</Suspense>;
  return (
    <div>
      {posts.map((p) => (
        <PostCard key={p.id} post={p} />
      ))}
      {more && q.hasNextPage && (
        <Button block onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
          Daha fazla
        </Button>
      )}
    </div>
  );
}

/** The home feed with its 'Mahallem / İlçem / Tüm şehir' filter (members only, so it loads with the feed). */
export function AreaPostList({ pageSize, more, onSettled }: { pageSize?: number; more?: boolean; onSettled?: () => void }) {
  const area = useArea();
  useEffect(() => {
    if (area.needsPlace) onSettled?.();
  }, [area.needsPlace, onSettled]);
  return (
    <div data-testid="feed">
      <AreaFilter state={area} />
      {area.needsPlace ? <ChooseNeighbourhoodPrompt /> : <PostList feed={{ area: area.effective }} pageSize={pageSize} more={more} onSettled={onSettled} />}
    </div>
  );
}
