import { Button } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { TEXTS } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useBookmarks, useClearBookmarks } from '../../api/bookmarks';
import { useSession } from '../../stores/session';
import { PageSpinner } from '../../components/common';
import { EmptyState } from '../../components/EmptyState';
import { PostCard } from './PostCard';
import { usePageMeta } from '../shell/meta';
import { Heading } from '../../components/Heading';

export default function BookmarksPage() {
  usePageMeta({ title: 'Kaydedilenler' });
  const user = useSession((s) => s.user)!;
  const { modal, notification } = useApp();
  const bookmarks = useBookmarks(user.id);
  const clearAll = useClearBookmarks(user.id);
  const data = bookmarks.data?.pages.flatMap((p) => p.items) ?? [];
  const clear = () =>
    modal.confirm({
      title: 'Tümünü temizle',
      content: 'Kaydettiğiniz bütün gönderiler listeden kaldırılacak.',
      okText: 'Temizle',
      cancelText: TEXTS.confirm.cancel,
      onOk: () =>
        clearAll
          .mutateAsync()
          .then(() => notification.success({ message: 'Tümü temizlendi' }))
          .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') })),
    });
  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Heading level={1} look={2}>
          Kaydedilenler
        </Heading>
        {data.length > 0 && <Button onClick={clear}>Tümünü temizle</Button>}
      </div>
      {bookmarks.isLoading ? (
        <PageSpinner />
      ) : data.length === 0 ? (
        <EmptyState title="Henüz kaydedilen gönderi yok" hint="Beğendiğin gönderileri kaydet, burada bul." />
      ) : (
        data.map((p) => <PostCard key={p.id} post={p} />)
      )}
      {bookmarks.hasNextPage && (
        <Button block onClick={() => void bookmarks.fetchNextPage()} loading={bookmarks.isFetchingNextPage}>
          Daha fazla
        </Button>
      )}
    </div>
  );
}
