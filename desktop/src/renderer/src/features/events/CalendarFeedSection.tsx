import { Button, Card, Input, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { TEXTS } from '@mahalle/shared';
import { useApp } from '../../components/LazyFeedback';
import { errorMessage } from '../../api/client';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../../api/events';
import { formatDate } from '../../components/time';

const T = TEXTS.events;

/**
 * The member's private calendar feed (their settings): make an address to subscribe to from a
 * calendar app, copy it (it is shown only when made; the server keeps just its hash), renew or revoke it.
 */
export function CalendarFeedSection() {
  const { notification, message } = useApp();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const fail = (err: unknown) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'İşlem başarısız oldu') });
  const url = feed.data?.url ?? null;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(T.feedCopied);
    } catch (err) {
      fail(err);
    }
  };
  return (
    <Card title={T.feedTitle} data-testid="calendar-feed">
      <Typography.Paragraph type="secondary">{T.feedHint}</Typography.Paragraph>
      {url && (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Input readOnly value={url} aria-label={T.feedTitle} data-testid="calendar-feed-url" />
          <Button icon={<CopyOutlined />} onClick={() => void copy(url)}>
            {T.feedCopy}
          </Button>
        </Space.Compact>
      )}
      {!url && feed.data?.active && feed.data.createdAt && <Typography.Paragraph>{T.feedActive(formatDate(feed.data.createdAt))}</Typography.Paragraph>}
      <Space wrap>
        <Button type="primary" loading={create.isPending} onClick={() => create.mutate(undefined, { onError: fail })}>
          {feed.data?.active ? T.feedRenew : T.feedCreate}
        </Button>
        {feed.data?.active && (
          <Button
            danger
            loading={revoke.isPending}
            onClick={() => revoke.mutate(undefined, { onError: fail, onSuccess: () => notification.success({ message: T.feedRevoked }) })}
          >
            {T.feedRevoke}
          </Button>
        )}
      </Space>
    </Card>
  );
}
