import { Button } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { del, errorMessage, get } from '../../api/client';
import type { Post } from '../../api/types';
import { useSession } from '../../stores/session';
import { PageSpinner } from '../../components/common';
import { EmptyState } from '../../components/EmptyState';
import { PostCard } from './PostCard';
import { usePageMeta } from '../shell/meta';
import { TEXTS } from '@mahalle/shared';
import { Heading } from '../../components/Heading';

export default function BookmarksPage() {
  usePageMeta({ title: 'Kaydedilenler' });
  const user = useSession((s) => s.user)!;
  const qc = useQueryClient();
  const { modal, notification } = useApp();
  const { data = [], isLoading } = useQuery({ queryKey: ['bookmarks', 'posts'], queryFn: () => get<Post[]>(`/api/users/${user.id}/bookmarks?limit=100`) });
  const clear = () =>
    modal.confirm({
      title: 'Tümünü temizle',
      content: 'Kaydettiğiniz bütün gönderiler listeden kaldırılacak.',
      okText: 'Temizle',
      cancelText: 'İptal',
      onOk: () =>
        del(`/api/users/${user.id}/bookmarks`)
          .then(() => {
            notification.success({ message: 'Tümü temizlendi' });
            void qc.invalidateQueries({ queryKey: ['bookmarks'] });
            void qc.invalidateQueries({ queryKey: ['posts'] });
          })
          .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') })),
    });
  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Heading level={1} look={2}>Kaydedilenler</Heading>
        {data.length > 0 && <Button onClick={clear}>Tümünü temizle</Button>}
      </div>
      {isLoading ? <PageSpinner /> : data.length === 0 ? <EmptyState title="Henüz kaydedilen gönderi yok" hint="Beğendiğin gönderileri kaydet, burada bul." /> : data.map((p) => <PostCard key={p.id} post={p} />)}
    </div>
  );
}
