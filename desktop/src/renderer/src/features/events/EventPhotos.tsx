import { Button, Card, Empty, Image, Popconfirm, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { TEXTS, type EventItem } from '@mahalle/shared';
import { useApp } from '../../components/LazyFeedback';
import { errorMessage } from '../../api/client';
import { useAddEventPhoto, useDeleteEventPhoto, useEventPhotos } from '../../api/events';
import { useSession } from '../../stores/session';
import { mediaUrl } from '../../components/common';

const T = TEXTS.events;

/** A past event's photos; those who attended add theirs. */
export function EventPhotos({ event: e }: { event: EventItem }) {
  const { notification } = useApp();
  const photos = useEventPhotos(e.id);
  const add = useAddEventPhoto();
  const remove = useDeleteEventPhoto();
  const me = useSession((s) => s.user);
  const mayRemove = (authorId: number) => Boolean(me && (me.id === authorId || e.canManage));
  const onRemove = async (photoId: number) => {
    try {
      await remove.mutateAsync({ id: e.id, photoId });
      notification.success({ message: T.photoDeleted });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
    }
  };
  const items = photos.data?.pages.flatMap((p) => p.items) ?? [];
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('image', file);
    try {
      await add.mutateAsync({ id: e.id, form });
      notification.success({ message: T.photoAdded });
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
    }
  };
  return (
    <Card
      title={T.photos}
      style={{ marginTop: 16 }}
      data-testid="event-photos"
      extra={
        e.isAttending && (
          <Upload
            accept="image/*"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={add.isPending}>
              {T.addPhoto}
            </Button>
          </Upload>
        )
      }
    >
      {items.length === 0 ? (
        <Empty description={T.photosEmpty} />
      ) : (
        <Image.PreviewGroup>
          <Space wrap>
            {items.map((p) => (
              <Space key={p.id} direction="vertical" size={4} align="center">
                <Image
                  src={mediaUrl(p.thumbUrl)}
                  preview={{ src: mediaUrl(p.url) }}
                  width={120}
                  height={90}
                  style={{ objectFit: 'cover' }}
                  alt={p.user.displayName}
                />
                {mayRemove(p.user.id) && (
                  <Popconfirm
                    title={T.photoDeleteConfirm}
                    okText={T.photoDelete}
                    okButtonProps={{ danger: true }}
                    cancelText={TEXTS.confirm.cancel}
                    onConfirm={() => onRemove(p.id)}
                  >
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${T.photoDelete}: ${p.user.displayName}`}>
                      {T.photoDelete}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      {photos.hasNextPage && (
        <Button block style={{ marginTop: 12 }} onClick={() => void photos.fetchNextPage()} loading={photos.isFetchingNextPage}>
          Daha fazla
        </Button>
      )}
    </Card>
  );
}
