import { useState, type ReactNode } from 'react';
import { Button, Dropdown, Modal, Radio, Space, Typography } from 'antd';
import type { MenuProps, RadioChangeEvent } from 'antd';
import { AudioMutedOutlined, FlagOutlined, MoreOutlined, SoundOutlined, StopOutlined } from '@ant-design/icons';
import { MUTE_DURATIONS, TEXTS, type MuteDuration, type ReportTarget } from '@mahalle/shared';
import { useApp } from '../../components/LazyFeedback';
import { errorMessage } from '../../api/client';
import { useBlock, useMute } from '../../api/blocks';
import { useSession } from '../../stores/session';
import { ReportDialog } from '../admin/ReportDialog';

const B = TEXTS.blocks;

export interface ActionTarget {
  id: number;
  displayName: string;
}

/** Asks before blocking, saying what a block does. */
export function BlockDialog({ member, onClose, onDone }: { member: ActionTarget; onClose(): void; onDone?: () => void }) {
  const { notification } = useApp();
  const block = useBlock();
  const run = () =>
    block.mutate(
      { id: member.id, block: true },
      {
        onSuccess: () => {
          notification.success({ message: B.blocked(member.displayName) });
          onDone?.();
          onClose();
        },
        onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, TEXTS.errors.title) }),
      },
    );
  return (
    <Modal
      open
      title={B.blockTitle(member.displayName)}
      okText={B.block}
      okButtonProps={{ danger: true }}
      cancelText={TEXTS.confirm.cancel}
      onOk={run}
      onCancel={onClose}
      confirmLoading={block.isPending}
    >
      <Typography.Paragraph>{B.blockExplain}</Typography.Paragraph>
    </Modal>
  );
}

/** Mute with a duration: a day, a week, a month or for good. */
export function MuteDialog({ member, onClose }: { member: ActionTarget; onClose(): void }) {
  const { notification } = useApp();
  const mute = useMute();
  const [duration, setDuration] = useState<MuteDuration>('forever');
  const pick = (e: RadioChangeEvent) => setDuration(e.target.value as MuteDuration);
  const run = () =>
    mute.mutate(
      { id: member.id, duration },
      {
        onSuccess: () => {
          notification.success({ message: B.muted(member.displayName) });
          onClose();
        },
        onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, TEXTS.errors.title) }),
      },
    );
  return (
    <Modal
      open
      title={B.muteTitle(member.displayName)}
      okText={B.mute}
      cancelText={TEXTS.confirm.cancel}
      onOk={run}
      onCancel={onClose}
      confirmLoading={mute.isPending}
    >
      <Typography.Paragraph>{B.muteExplain}</Typography.Paragraph>
      <Typography.Text strong id="mute-duration">
        {B.muteDuration}
      </Typography.Text>
      <div style={{ marginTop: 8 }}>
        <Radio.Group aria-labelledby="mute-duration" value={duration} onChange={pick}>
          <Space wrap>
            {MUTE_DURATIONS.map((d) => (
              <Radio key={d} value={d}>
                {B.durations[d]}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </div>
    </Modal>
  );
}

/**
 * Block and mute entries for a member's menu (profile, post, comment, message thread), with their
 * dialogs. `status`: what the viewer already decided (unknown: offered as not blocked, not muted,
 * which is what a post or comment the viewer can see implies). `withMute`: menus of content only.
 */
export function useMemberActions(
  member: ActionTarget | null,
  opts: { status?: { blocked: boolean; muted: boolean }; withMute?: boolean; onBlocked?: () => void } = {},
): { items: NonNullable<MenuProps['items']>; dialogs: ReactNode } {
  const [dialog, setDialog] = useState<'block' | 'mute' | null>(null);
  const { notification } = useApp();
  const block = useBlock();
  const mute = useMute();
  if (!member) return { items: [], dialogs: null };
  const blocked = opts.status?.blocked ?? false;
  const muted = opts.status?.muted ?? false;
  const unblock = () =>
    block.mutate(
      { id: member.id, block: false },
      {
        onSuccess: () => notification.success({ message: B.unblocked(member.displayName) }),
        onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, TEXTS.errors.title) }),
      },
    );
  const unmute = () =>
    mute.mutate(
      { id: member.id, duration: null },
      {
        onSuccess: () => notification.success({ message: B.unmuted(member.displayName) }),
        onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, TEXTS.errors.title) }),
      },
    );
  const items: NonNullable<MenuProps['items']> = [
    ...(opts.withMute === false || blocked
      ? []
      : [
          muted
            ? { key: 'unmute', icon: <SoundOutlined />, label: B.unmute, onClick: unmute }
            : { key: 'mute', icon: <AudioMutedOutlined />, label: B.mute, onClick: () => setDialog('mute') },
        ]),
    blocked
      ? { key: 'unblock', icon: <StopOutlined />, label: B.unblock, onClick: unblock }
      : { key: 'block', icon: <StopOutlined />, danger: true, label: B.block, onClick: () => setDialog('block') },
  ];
  const dialogs =
    dialog === 'block' ? (
      <BlockDialog member={member} onClose={() => setDialog(null)} onDone={opts.onBlocked} />
    ) : dialog === 'mute' ? (
      <MuteDialog member={member} onClose={() => setDialog(null)} />
    ) : null;
  return { items, dialogs };
}

/**
 * The '⋯' menu on someone else's content in a shared space or a comment list (a group post or comment, a
 * question, an answer, a blog or feed comment): report the content where it can be reported, mute or block its
 * author. None for visitors, on one's own content, or on a deleted account's placeholder (id 0). `blocked`: the
 * server flagged the item (`blockedAuthor`), so the menu offers to unblock instead.
 */
export function MemberMenu({
  author,
  label,
  blocked = false,
  report,
}: {
  author: ActionTarget;
  label: string;
  blocked?: boolean;
  report?: { targetType: ReportTarget; targetId: number };
}) {
  const user = useSession((s) => s.user);
  const [reporting, setReporting] = useState(false);
  const someoneElse = Boolean(user) && author.id !== 0 && author.id !== user?.id;
  const member = useMemberActions(someoneElse ? author : null, { withMute: true, status: { blocked, muted: false } });
  if (!someoneElse) return null;
  const items: NonNullable<MenuProps['items']> = [
    ...(report ? [{ key: 'report', icon: <FlagOutlined />, label: B.report, onClick: () => setReporting(true) }] : []),
    ...member.items,
  ];
  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={label} />
      </Dropdown>
      {member.dialogs}
      {reporting && report && <ReportDialog targetType={report.targetType} targetId={report.targetId} onClose={() => setReporting(false)} />}
    </>
  );
}
