import { useState } from 'react';
import { DatePicker, Input, Modal, Radio, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { LIMITS, MODERATOR_MAX_SUSPENSION_DAYS, SUSPENSION_DAYS, TEXTS } from '@mahalle/shared';
import { useSession } from '../../stores/session';
import { useLiftSuspension, useSuspendUser, useWarnUser, type AdminReport } from '../../api/admin';
import { dayjs, formatDateTime } from '../../components/time';
import { useApp } from '../../components/LazyFeedback';
import { useAct } from './actions';
import { RowButton } from './workspace';

const MR = TEXTS.memberReports;

/** A reported person's latest posts, comments and answers, as the report queue shows them. */
export function RecentContent({ report }: { report: AdminReport }) {
  const recent = report.recentContent;
  if (!recent) return null;
  const groups = [
    { label: MR.recentPosts, items: recent.posts },
    { label: MR.recentComments, items: recent.comments },
    { label: MR.recentAnswers, items: recent.answers },
  ].filter((g) => g.items.length > 0);
  return (
    <div className="member-recent" aria-label={MR.recentContent}>
      <Typography.Text type="secondary" strong>
        {MR.recentContent}
      </Typography.Text>
      {groups.length === 0 && (
        <div>
          <Typography.Text type="secondary">{MR.noRecentContent}</Typography.Text>
        </div>
      )}
      {groups.map((g) => (
        <div key={g.label}>
          <Typography.Text type="secondary">{g.label}:</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {g.items.map((item) => (
              <li key={item.id}>
                <Link to={item.link}>{item.text.length > 80 ? `${item.text.slice(0, 79)}…` : item.text}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

type Dialog = 'warn' | 'suspend' | null;
type Length = (typeof SUSPENSION_DAYS)[number] | 'until';

/** Uyar / Askıya al / Askıyı kaldır for the member a report is about, each behind a confirm dialog. */
export function MemberModerationActions({
  memberId,
  memberName,
  suspendedUntil,
}: {
  memberId: number;
  /** 'Ayşe Yılmaz (@ayse)': each dialog says whom it acts on. */
  memberName: string;
  suspendedUntil: string | null;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [length, setLength] = useState<Length>(7);
  const [until, setUntil] = useState<dayjs.Dayjs | null>(null);
  const warn = useWarnUser();
  const suspend = useSuspendUser();
  const lift = useLiftSuspension();
  const act = useAct();
  const { modal } = useApp();
  // A moderator suspends for at most 7 days (the server refuses longer); an admin has every choice.
  const limited = useSession((s) => s.user?.role === 'moderator');
  const lengths = SUSPENSION_DAYS.filter((d) => !limited || d <= MODERATOR_MAX_SUSPENSION_DAYS);
  const latest = dayjs().add(MODERATOR_MAX_SUSPENSION_DAYS, 'day');
  const close = () => {
    setDialog(null);
    setReason('');
    setUntil(null);
    setLength(7);
  };
  const submit = () => {
    const run =
      dialog === 'warn'
        ? act(warn.mutateAsync({ id: memberId, reason }), MR.warned)
        : act(
            suspend.mutateAsync(length === 'until' ? { id: memberId, until: until?.toISOString() ?? '', reason } : { id: memberId, days: length, reason }),
            MR.suspendedDone,
          );
    return run.then(close, () => undefined);
  };
  const confirmLift = () =>
    modal.confirm({
      title: `${MR.liftTitle}: ${memberName}`,
      content: MR.liftBody,
      okText: MR.lift,
      cancelText: 'İptal',
      onOk: () => act(lift.mutateAsync(memberId), MR.lifted).catch(() => undefined),
    });
  const ready =
    dialog === 'warn' ? reason.trim().length > 0 : length !== 'until' || (until !== null && until.isAfter(dayjs()) && (!limited || !until.isAfter(latest)));
  return (
    <span style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
      <RowButton onClick={() => setDialog('warn')}>{MR.warn}</RowButton>
      {suspendedUntil ? (
        <RowButton onClick={confirmLift}>{MR.lift}</RowButton>
      ) : (
        <RowButton danger onClick={() => setDialog('suspend')}>
          {MR.suspend}
        </RowButton>
      )}
      <Modal
        open={dialog !== null}
        title={`${dialog === 'warn' ? MR.warnTitle : MR.suspendTitle}: ${memberName}`}
        okText={dialog === 'warn' ? MR.warn : MR.suspend}
        cancelText="İptal"
        okButtonProps={{ disabled: !ready, danger: dialog === 'suspend' }}
        confirmLoading={warn.isPending || suspend.isPending}
        onOk={() => void submit()}
        onCancel={close}
        destroyOnHidden
      >
        {dialog === 'suspend' && (
          <>
            <Typography.Paragraph>{MR.suspendBody}</Typography.Paragraph>
            <Typography.Paragraph strong id="suspend-length">
              {MR.suspendLength}
            </Typography.Paragraph>
            <Radio.Group value={length} onChange={(e) => setLength(e.target.value as Length)} aria-labelledby="suspend-length">
              {lengths.map((d) => (
                <Radio key={d} value={d}>
                  {MR.suspendDays(d)}
                </Radio>
              ))}
              <Radio value="until">{MR.suspendUntilDate}</Radio>
            </Radio.Group>
            {length === 'until' && (
              <DatePicker
                showTime
                format="DD.MM.YYYY HH:mm"
                value={until}
                onChange={(v) => setUntil(v)}
                disabledDate={(d) => d.isBefore(dayjs(), 'day') || (limited && d.isAfter(latest, 'day'))}
                style={{ width: '100%', marginTop: 12 }}
                aria-label={MR.suspendUntilDate}
              />
            )}
          </>
        )}
        <Input.TextArea
          style={{ marginTop: 12 }}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={LIMITS.warningReasonMax}
          autoSize={{ minRows: 2 }}
          placeholder={dialog === 'warn' ? MR.warnReasonLabel : TEXTS.moderation.reasonLabel}
          aria-label={dialog === 'warn' ? MR.warnReasonLabel : MR.note}
        />
      </Modal>
    </span>
  );
}

/** 'Askıda: 2 Aralık 2026 14:00 tarihine kadar' for a suspended member. */
export const suspendedLabel = (until: string) => MR.suspendedUntil(formatDateTime(until));
