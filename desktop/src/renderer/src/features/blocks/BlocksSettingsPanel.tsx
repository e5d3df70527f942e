import { useState } from 'react';
import { Alert, Button, Input, List, Select, Space, Tag, Typography } from 'antd';
import { LIMITS, TEXTS, type MutedTermKind, type Person } from '@mahalle/shared';
import { useApp } from '../../components/LazyFeedback';
import { errorMessage } from '../../api/client';
import { useAddMutedTerm, useBlock, useBlockedMembers, useMute, useMutedMembers, useMutedTerms, useRemoveMutedTerm } from '../../api/blocks';
import { PageSpinner, UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { ItemMeta } from '../../components/ItemMeta';
import { formatDate } from '../../components/time';

const B = TEXTS.blocks;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} style={{ marginBottom: 24 }}>
      <Typography.Title level={3} id={id} style={{ fontSize: 18 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** What a paged list of people hands the list: its pages and how to load more. */
interface PeoplePages<P> {
  data?: { pages: { items: P[] }[] };
  isLoading: boolean;
  error: Error | null;
  hasNextPage: boolean;
  fetchNextPage(): unknown;
  isFetchingNextPage: boolean;
}

/** The members one blocked or muted: each with its undo button, and 'Daha fazla' while there are more. */
function OwnPeopleList<P extends Person>({
  pages,
  testId,
  empty,
  undoLabel,
  undo,
  describe,
}: {
  pages: PeoplePages<P>;
  testId: string;
  empty: string;
  undoLabel: string;
  undo(p: P): void;
  describe(p: P): string;
}) {
  const { data, isLoading, error, hasNextPage, fetchNextPage, isFetchingNextPage } = pages;
  if (isLoading) return <PageSpinner />;
  if (error) return <Alert type="error" message={errorMessage(error, TEXTS.resilience.errorTitle)} />;
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <List
        dataSource={items}
        locale={{ emptyText: empty }}
        data-testid={testId}
        renderItem={(p) => (
          <List.Item
            actions={[
              <Button key="u" size="small" onClick={() => undo(p)} aria-label={`${p.displayName}: ${undoLabel}`}>
                {undoLabel}
              </Button>,
            ]}
          >
            <ItemMeta avatar={<UserAvatar user={p} />} title={<UserName user={p} />} description={describe(p)} />
          </List.Item>
        )}
      />
      {hasNextPage && (
        <Button onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
          {B.loadMore}
        </Button>
      )}
    </>
  );
}

/** A mutation's answer told as a notification: `ok` on success, the server's error otherwise. */
function useTold() {
  const { notification } = useApp();
  return (ok: string) => ({
    onSuccess: () => notification.success({ message: ok }),
    onError: (err: unknown) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, TEXTS.errors.title) }),
  });
}

function BlockedMembers() {
  const pages = useBlockedMembers();
  const block = useBlock();
  const told = useTold();
  return (
    <OwnPeopleList
      pages={pages}
      testId="blocked-list"
      empty={B.blockedEmpty}
      undoLabel={B.unblock}
      undo={(p) => block.mutate({ id: p.id, block: false }, told(B.unblocked(p.displayName)))}
      describe={(p) => `@${p.username}`}
    />
  );
}

function MutedMembers() {
  const pages = useMutedMembers();
  const mute = useMute();
  const told = useTold();
  return (
    <OwnPeopleList
      pages={pages}
      testId="muted-list"
      empty={B.mutedEmpty}
      undoLabel={B.unmute}
      undo={(p) => mute.mutate({ id: p.id, duration: null }, told(B.unmuted(p.displayName)))}
      describe={(p) => `@${p.username} · ${p.until ? B.mutedUntil(formatDate(p.until)) : B.mutedForever}`}
    />
  );
}

function MutedTerms() {
  const { data = [], isLoading, error } = useMutedTerms();
  const add = useAddMutedTerm();
  const remove = useRemoveMutedTerm();
  const { notification } = useApp();
  const [kind, setKind] = useState<MutedTermKind>('word');
  const [value, setValue] = useState('');
  if (isLoading) return <PageSpinner />;
  if (error) return <Alert type="error" message={errorMessage(error, TEXTS.resilience.errorTitle)} />;
  const submit = () =>
    add.mutate(
      { kind, value },
      {
        onSuccess: () => {
          setValue('');
          notification.success({ message: B.termAdded });
        },
        onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, B.termRequired) }),
      },
    );
  return (
    <>
      <Typography.Paragraph type="secondary">{B.termsHint}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%', maxWidth: 480, marginBottom: 12 }}>
        <Select
          aria-label={`${B.kinds.hashtag} / ${B.kinds.word}`}
          value={kind}
          onChange={setKind}
          style={{ width: 110 }}
          options={(['word', 'hashtag'] as const).map((k) => ({ value: k, label: B.kinds[k] }))}
        />
        <Input
          aria-label={B.termPlaceholder}
          placeholder={B.termPlaceholder}
          value={value}
          maxLength={LIMITS.mutedTermMax}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={() => value.trim() && submit()}
        />
        <Button type="primary" onClick={submit} disabled={!value.trim()} loading={add.isPending}>
          {B.addTerm}
        </Button>
      </Space.Compact>
      <List
        dataSource={data}
        locale={{ emptyText: B.termsEmpty }}
        data-testid="muted-terms"
        renderItem={(t) => (
          <List.Item
            actions={[
              <Button key="r" size="small" onClick={() => remove.mutate(t.id)} aria-label={`${t.label}: ${B.removeTerm}`}>
                {B.removeTerm}
              </Button>,
            ]}
          >
            <Space>
              <Tag>{B.kinds[t.kind]}</Tag>
              <span>{t.kind === 'hashtag' ? `#${t.label}` : t.label}</span>
            </Space>
          </List.Item>
        )}
      />
    </>
  );
}

/** Settings: blocked members, muted members and muted hashtags/words, each with its undo. */
export function BlocksSettingsPanel() {
  return (
    <div>
      <Section id="blocked-members-title" title={B.blockedList}>
        <BlockedMembers />
      </Section>
      <Section id="muted-members-title" title={B.mutedList}>
        <MutedMembers />
      </Section>
      <Section id="muted-terms-title" title={B.termsList}>
        <MutedTerms />
      </Section>
    </div>
  );
}
