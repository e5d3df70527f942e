import { Button, Skeleton } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../api/client';
import type { Post } from '../../api/types';
import { EmptyState } from '../../components/EmptyState';
import { PostCard } from './PostCard';

/** A keyset-paged list of posts ('Daha fazla' loads the next page by the last id). */
export function PostList({ query, empty, pageSize = 10, more = true }: { query: string; empty?: React.ReactNode; pageSize?: number; more?: boolean }) {
  const sep = query.includes('?') ? '&' : '?';
  // Sorted lists page with an opaque cursor the id cannot stand in for: one larger page instead.
  const sorted = /sort=(popular|commented)/.test(query);
  if (sorted) pageSize = 50;
  const q = useInfiniteQuery({
    queryKey: ['posts', 'list', query],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => get<Post[]>(`${query}${sep}limit=${pageSize}${pageParam ? `&before=${pageParam}` : ''}`),
    getNextPageParam: (last) => (!sorted && last.length === pageSize ? last[last.length - 1].id : undefined),
  });
  if (q.isLoading) return <Skeleton active avatar paragraph={{ rows: 3 }} />;
  const posts = q.data?.pages.flat() ?? [];
  if (posts.length === 0) return <>{empty ?? <EmptyState title="Henüz gönderi yok" />}</>;
  return (
    <div>
      {posts.map((p) => <PostCard key={p.id} post={p} />)}
      {more && q.hasNextPage && (
        <Button block onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>Daha fazla</Button>
      )}
    </div>
  );
}
