import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Col, Dropdown, Empty, Grid, Input, List, Modal, Popconfirm, Row, Skeleton, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { DeleteOutlined, EditOutlined, MoreOutlined, SendOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { LIMITS, TEXTS, type Message } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useConversation, useConversations, useDeleteMessage, useMarkConversationRead, useSendMessage } from '../../api/messages';
import { fetchProfile, useConnections, useUser } from '../../api/users';
import { useSession } from '../../stores/session';
import { PageSpinner, UserAvatar } from '../../components/common';
import { fromNow } from '../../components/time';
import { usePageMeta } from '../shell/meta';
import { PlainH1 } from '../../components/Heading';
import { ItemMeta } from '../../components/ItemMeta';
import { useBlockStatus } from '../../api/blocks';
import { useMemberActions } from '../blocks/BlockMuteReport';

function ChatPane({ otherId, compact = false, back }: { otherId: number; compact?: boolean; back?: React.ReactNode }) {
  const me = useSession((s) => s.user)!;
  const { notification } = useApp();
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const { data: other } = useUser(otherId);
  const { data: blockStatus } = useBlockStatus(otherId, true);
  const member = useMemberActions(other ?? null, { status: blockStatus, withMute: false });
  const { data: messages = [], isLoading } = useConversation(otherId);
  const { mutate: markRead } = useMarkConversationRead();
  const unread = messages.some((m) => m.receiverId === me.id && !m.isRead);
  useEffect(() => {
    // Opening a conversation reads it.
    if (unread) markRead(otherId);
  }, [unread, otherId, markRead]);
  useEffect(() => {
    // Scroll the message list only: scrolling the window too put the input under the phone's bottom bar.
    const box = end.current?.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }, [messages.length]);
  const sendMessage = useSendMessage();
  const send = {
    isPending: sendMessage.isPending,
    mutate: () =>
      sendMessage.mutate(
        { receiverId: otherId, content: text },
        // What was typed stays in the box when sending fails.
        {
          onSuccess: () => setText(''),
          onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Mesaj gönderilemedi') }),
        },
      ),
  };
  const deleteMessage = useDeleteMessage();
  const remove = (m: Message) =>
    deleteMessage.mutateAsync(m.id).catch(() => notification.error({ message: TEXTS.errors.title, description: 'Mesaj silinemedi' }));
  return (
    // On a phone the pane fits between the header and the bottom bar (64 + 60 px, the card's title and the paddings).
    <Card
      title={
        other ? (
          <span>
            <UserAvatar user={other} size={28} /> {other.displayName}
          </span>
        ) : (
          ' '
        )
      }
      extra={
        <span style={{ display: 'inline-flex', gap: 4 }}>
          {back}
          <Dropdown menu={{ items: member.items }} trigger={['click']}>
            <Button type="text" icon={<MoreOutlined />} aria-label="Konuşma menüsü" />
          </Dropdown>
          {member.dialogs}
        </span>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', height: compact ? 'calc(100dvh - 256px)' : 480, minHeight: 260 } }}
      data-testid="chat-pane"
    >
      <div style={{ flex: 1, overflowY: 'auto' }} data-testid="chat-messages">
        {isLoading ? (
          <PageSpinner />
        ) : messages.length === 0 ? (
          <Empty description="Henüz mesaj yok. İlk mesajı sen gönder!" />
        ) : (
          messages.map((m) => {
            const mine = m.senderId === me.id;
            return (
              <div key={m.id} style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', margin: '6px 0' }}>
                <div
                  style={{
                    maxWidth: '75%',
                    padding: '8px 12px',
                    borderRadius: 12,
                    background: mine ? '#6d28d9' : 'rgba(127,127,127,.15)',
                    color: mine ? '#fff' : undefined,
                    whiteSpace: 'pre-wrap',
                  }}
                >
                  {m.content}
                  {/* In one's own (violet) bubble the time is a pale violet that keeps 4.5:1, not white faded to 4.2:1. */}
                  <div style={{ fontSize: 11, ...(mine ? { color: '#ebe4fb' } : { opacity: 0.7 }) }}>
                    {fromNow(m.createdAt)}
                    {mine && (
                      <Popconfirm title="Mesaj silinsin mi?" okText="Sil" cancelText={TEXTS.confirm.cancel} onConfirm={() => void remove(m)}>
                        <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="Mesajı sil" style={{ color: 'inherit' }} />
                      </Popconfirm>
                    )}
                  </div>
                </div>
              </div>
            );
          })
        )}
        <div ref={end} />
      </div>
      <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Mesaj yaz..."
          aria-label="Mesaj yaz"
          maxLength={LIMITS.messageMax}
          autoSize={{ minRows: 1, maxRows: 5 }}
          style={{ maxHeight: 120 }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              if (text.trim() && !send.isPending) send.mutate();
            }
          }}
        />
        <Button type="primary" icon={<SendOutlined />} aria-label="Gönder" onClick={() => send.mutate()} disabled={!text.trim()} loading={send.isPending} />
      </div>
    </Card>
  );
}

/**
 * 'Yeni mesaj': the people one follows, filtered as one types; any other member is found by
 * their exact username (the profile call), so a conversation can start from /messages.
 */
function NewMessageDialog({ onPick, onClose }: { onPick(userId: number): void; onClose(): void }) {
  const me = useSession((s) => s.user)!;
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: following = [], isLoading } = useConnections(me.id, 'following');
  const f = q.trim().replace(/^@/, '').toLocaleLowerCase('tr');
  const shown = following.filter((p) => !f || `${p.displayName} ${p.username}`.toLocaleLowerCase('tr').includes(f));
  const lookup = async () => {
    if (!f) return;
    setBusy(true);
    setError(null);
    try {
      const p = await fetchProfile(f);
      if (p.id === me.id) setError(TEXTS.social.cannotMessageSelf);
      else onPick(p.id);
    } catch {
      setError(TEXTS.users.notFound);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="Yeni mesaj" footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        autoFocus
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setError(null);
        }}
        onSearch={() => void lookup()}
        enterButton="Bul"
        loading={busy}
        placeholder="Ad ya da @kullanıcıadı"
        aria-label="Kime"
      />
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
          {error}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ display: 'block', margin: '12px 0 4px' }}>
        Takip ettiklerin
      </Typography.Text>
      {isLoading ? (
        <Skeleton active avatar title={false} paragraph={{ rows: 2 }} />
      ) : shown.length === 0 ? (
        <Typography.Text type="secondary">
          {f ? 'Takip ettiklerin arasında yok; kullanıcı adını yazıp Bul’a bas.' : 'Henüz kimseyi takip etmiyorsun; kullanıcı adını yazıp Bul’a bas.'}
        </Typography.Text>
      ) : (
        <div style={{ maxHeight: 320, overflowY: 'auto' }}>
          {shown.map((p) => (
            <Button
              key={p.id}
              type="text"
              block
              onClick={() => onPick(p.id)}
              style={{ display: 'flex', alignItems: 'center', gap: 8, height: 48, justifyContent: 'flex-start' }}
              data-testid="new-message-person"
            >
              <UserAvatar user={p} size={32} /> <span>{p.displayName}</span> <Typography.Text type="secondary">@{p.username}</Typography.Text>
            </Button>
          ))}
        </div>
      )}
    </Modal>
  );
}

export default function MessagesPage() {
  usePageMeta({ title: 'Mesajlar' });
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('user')) || null;
  const [composing, setComposing] = useState(false);
  const compact = !(Grid.useBreakpoint().md ?? true);
  const { data = [], isLoading } = useConversations();
  const open = (userId: number) => {
    setComposing(false);
    setParams({ user: String(userId) });
  };
  // A phone shows the list or the conversation, not both stacked.
  if (compact && selected) {
    return (
      <ChatPane
        otherId={selected}
        compact
        back={
          <Button type="link" onClick={() => setParams({})}>
            ← Konuşmalar
          </Button>
        }
      />
    );
  }
  return (
    <Row gutter={16}>
      {composing && <NewMessageDialog onPick={open} onClose={() => setComposing(false)} />}
      <Col xs={24} md={9}>
        <Card
          title={<PlainH1>Mesajlar</PlainH1>}
          extra={
            <Button type="primary" size="small" icon={<EditOutlined />} onClick={() => setComposing(true)}>
              Yeni mesaj
            </Button>
          }
          styles={{ body: { padding: 0 } }}
        >
          {isLoading ? (
            <PageSpinner />
          ) : data.length === 0 ? (
            <Empty description="Henüz mesajınız yok" style={{ padding: 24 }} />
          ) : (
            <List
              dataSource={data}
              renderItem={(c) => (
                <List.Item
                  onClick={() => setParams({ user: String(c.otherUser.id) })}
                  style={{ cursor: 'pointer', paddingInline: 16, background: selected === c.otherUser.id ? 'rgba(109,40,217,.08)' : undefined }}
                  data-testid="conversation"
                >
                  <ItemMeta
                    avatar={
                      <Badge count={c.unreadCount} size="small">
                        <UserAvatar user={c.otherUser} />
                      </Badge>
                    }
                    title={
                      <Link
                        to={`/messages?user=${c.otherUser.id}`}
                        onClick={(e) => e.stopPropagation()}
                        aria-current={selected === c.otherUser.id ? 'page' : undefined}
                      >
                        {c.otherUser.displayName}
                      </Link>
                    }
                    description={
                      <Typography.Text type="secondary" ellipsis>
                        {c.lastMessage?.content}
                      </Typography.Text>
                    }
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
      {/* On a phone the list is the whole page until a conversation is picked: no 'choose one' card below it. */}
      {!compact && (
        <Col xs={24} md={15}>
          {selected ? (
            <ChatPane otherId={selected} />
          ) : (
            <Card>
              <Empty description="Bir konuşma seçin" />
            </Card>
          )}
        </Col>
      )}
    </Row>
  );
}
