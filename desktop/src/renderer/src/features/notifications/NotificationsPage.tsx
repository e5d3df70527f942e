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
import type { Notification } from '@mahalle/shared';
import { notificationTarget } from './text';
import { NotificationTitle } from './NotificationTitle';
import { usePageMeta } from '../shell/meta';
import { PlainH1 } from '../../components/Heading';
import { ItemMeta } from '../../components/ItemMeta';
import { AppealButton } from '../../components/AppealButton';
import { useAppealItem } from '../../api/appeals';

export default function NotificationsPage() {
  usePageMeta({ title: 'Bildirimler' });
  const navigate = useNavigate();
  const { notification } = useApp();
  const { data = [], isLoading } = useNotifications(100);
  const read = useMarkNotificationRead();
  const readAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const answer = useAnswerFollowRequest();
  const appeal = useAppealItem();
  // Each call refreshes the notifications itself (api/notifications.ts); this adds the toasts.
  const run = (p: Promise<unknown>, ok?: string, fail = 'İşlem başarısız oldu') =>
    p
      .then(() => {
        if (ok) notification.success({ message: ok });
      })
      .catch((err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, fail) }));
  // A grouped row ('12 kişi gönderinizi beğendi') stands for all of them: the server reads or deletes the whole group.
  const markRead = (n: Notification) => {
    if (!n.isRead) void run(read.mutateAsync(n.id));
  };
  const open = (n: Notification) => {
    markRead(n);
    const to = notificationTarget(n);
    if (to) navigate(to);
  };
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
          dataSource={data}
          rowKey={(n) => n.id}
          renderItem={(n) => {
            return (
              <List.Item
                style={{ background: n.isRead ? undefined : 'rgba(109,40,217,.08)', paddingInline: 12, borderRadius: 8, cursor: 'pointer' }}
                onClick={() => open(n)}
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
                  // A notice that an item of theirs was hidden offers one appeal of it.
                  ...(n.appeal
                    ? [
                        n.appeal.status === null || n.appeal.status === 'open' ? (
                          <AppealButton
                            key="appeal"
                            intro={TEXTS.appeals.itemIntro}
                            sent={n.appeal.status === 'open'}
                            send={(note) => appeal.mutateAsync({ targetType: n.appeal!.targetType, targetId: n.appeal!.targetId, note })}
                          />
                        ) : (
                          <Typography.Text key="appeal" type="secondary">
                            {TEXTS.appeals.status[n.appeal.status]}
                          </Typography.Text>
                        ),
                      ]
                    : []),
                  ...(!n.isRead
                    ? [
                        <Button
                          key="m"
                          size="small"
                          type="link"
                          onClick={(e) => {
                            e.stopPropagation();
                            markRead(n);
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
                      void run(remove.mutateAsync(n.id), 'Bildirim silindi');
                    }}
                  />,
                ]}
              >
                <ItemMeta
                  avatar={
                    <Badge dot={!n.isRead}>
                      <UserAvatar user={n.relatedUser} />
                    </Badge>
                  }
                  title={
                    <Space>
                      <NotificationTitle n={n} onRead={() => markRead(n)} />
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
