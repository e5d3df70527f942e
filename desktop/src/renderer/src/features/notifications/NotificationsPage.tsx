import { Badge, Button, Card, List, Space, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useDeleteNotification, useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../../api/notifications';
import { useAnswerFollowRequest } from '../../api/users';
import { PageSpinner, UserAvatar } from '../../components/common';
import { EmptyState } from '../../components/EmptyState';
import { fromNow } from '../../components/time';
import { groupNotifications, groupText, notificationTarget, type NotificationRowGroup } from './text';
import { NotificationTitle } from './NotificationTitle';
import { usePageMeta } from '../shell/meta';
import { PlainH1 } from '../../components/Heading';
import { ItemMeta } from '../../components/ItemMeta';

export default function NotificationsPage() {
  usePageMeta({ title: 'Bildirimler' });
  const navigate = useNavigate();
  const { notification } = useApp();
  const { data = [], isLoading } = useNotifications(100);
  const read = useMarkNotificationRead();
  const readAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const answer = useAnswerFollowRequest();
  // Each call refreshes the notifications itself (api/notifications.ts); this adds the toasts.
  const run = (p: Promise<unknown>, ok?: string, fail = 'İşlem başarısız oldu') =>
    p
      .then(() => {
        if (ok) notification.success({ message: ok });
      })
      .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, fail) }));
  // A row of grouped likes stands for all of them: reading or deleting it reads or deletes each.
  const markRead = (row: NotificationRowGroup) => {
    const unread = row.all.filter((n) => !n.isRead);
    if (unread.length) void run(Promise.all(unread.map((n) => read.mutateAsync(n.id))));
  };
  const open = (row: NotificationRowGroup) => {
    markRead(row);
    const to = notificationTarget(row.head);
    if (to) navigate(to);
  };
  const rows = groupNotifications(data);
  return (
    <Card
      title={<PlainH1>Bildirimler</PlainH1>}
      extra={
        <Button onClick={() => void run(readAll.mutateAsync())} disabled={!data.some((n) => !n.isRead)}>
          Tümünü okundu işaretle
        </Button>
      }
    >
      {isLoading ? (
        <PageSpinner />
      ) : data.length === 0 ? (
        <EmptyState title="Henüz bildirim yok" />
      ) : (
        <List
          dataSource={rows}
          rowKey={(row) => row.head.id}
          renderItem={(row) => {
            const n = row.head;
            return (
              <List.Item
                style={{ background: row.isRead ? undefined : 'rgba(109,40,217,.08)', paddingInline: 12, borderRadius: 8, cursor: 'pointer' }}
                onClick={() => open(row)}
                actions={[
                  ...(n.type === 'follow_request' && n.relatedUserId
                    ? [
                        <Button
                          key="a"
                          type="primary"
                          size="small"
                          onClick={(e) => {
                            e.stopPropagation();
                            void run(answer.mutateAsync({ requesterId: n.relatedUserId!, accept: true }), 'Takip isteği kabul edildi');
                          }}
                        >
                          Kabul Et
                        </Button>,
                        <Button
                          key="r"
                          size="small"
                          onClick={(e) => {
                            e.stopPropagation();
                            void run(answer.mutateAsync({ requesterId: n.relatedUserId!, accept: false }), 'Takip isteği reddedildi');
                          }}
                        >
                          Reddet
                        </Button>,
                      ]
                    : []),
                  ...(!row.isRead
                    ? [
                        <Button
                          key="m"
                          size="small"
                          type="link"
                          onClick={(e) => {
                            e.stopPropagation();
                            markRead(row);
                          }}
                        >
                          Okundu
                        </Button>,
                      ]
                    : []),
                  <Button
                    key="d"
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="Bildirimi sil"
                    onClick={(e) => {
                      e.stopPropagation();
                      void run(Promise.all(row.all.map((x) => remove.mutateAsync(x.id))), 'Bildirim silindi');
                    }}
                  />,
                ]}
              >
                <ItemMeta
                  avatar={
                    <Badge dot={!row.isRead}>
                      <UserAvatar user={n.relatedUser} />
                    </Badge>
                  }
                  title={
                    <Space>
                      <NotificationTitle n={n} text={groupText(row)} onRead={() => markRead(row)} />
                    </Space>
                  }
                  description={<Typography.Text type="secondary">{fromNow(n.createdAt)}</Typography.Text>}
                />
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
