import { useState } from 'react';
import { Input, Modal, Space, Tag, Typography } from 'antd';
import { LIMITS, TEXTS, type ReportTarget } from '@mahalle/shared';
import { useBulkReports, useCloseReport, useReports, type AdminReport, type ReportAction } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { byId, quotedExcerpt, toIds, useAct, useSort } from '../actions';
import { actionsColumn, FilterSelect, optionsOf, PagedTable, RowButton } from '../workspace';
import { MemberModerationActions, RecentContent, suspendedLabel } from '../MemberModeration';
import { AppealsList } from '../AppealsList';

const A = TEXTS.admin;
const MR = TEXTS.memberReports;
type Order = 'priority' | 'createdAt';
type Status = AdminReport['status'];

/** What a report is about, as its dialogs name it: the member 'Ayşe Yılmaz (@ayse)', or the content's first words quoted. */
function reportedName(r: AdminReport) {
  if (r.targetType === 'user') return r.target.author ? TEXTS.confirm.memberName(r.target.author.displayName, r.target.author.username) : r.target.preview;
  return r.target.author ? `${quotedExcerpt(r.target.preview)} (${r.target.author.displayName})` : quotedExcerpt(r.target.preview);
}

export default function ReportsTab() {
  const [status, setStatus] = useState<Status>('open');
  const [targetType, setTargetType] = useState<ReportTarget | ''>('');
  // The open queue is worked most-reported member first; closed reports read newest first.
  const [order, setOrder] = useState<Order>('priority');
  const [closing, setClosing] = useState<{ report: AdminReport; outcome: 'resolve' | 'dismiss'; action: ReportAction } | null>(null);
  const [note, setNote] = useState('');
  const byDate = useSort(undefined, { byDateOnly: true });
  // Sorting by the date column leaves the priority order.
  const sorting = {
    ...byDate,
    onSortChange: (next: Parameters<typeof byDate.onSortChange>[0]) => {
      setOrder('createdAt');
      byDate.onSortChange(next);
    },
  };
  const act = useAct();
  const pages = useReports({ status, targetType: targetType || undefined, sort: order, direction: sorting.sort.direction });
  const closeReport = useCloseReport();
  const bulk = useBulkReports();
  const close = () =>
    closing &&
    act(
      closeReport.mutateAsync({ id: closing.report.id, outcome: closing.outcome, note, action: closing.action }),
      closing.outcome === 'resolve' ? 'Şikayet çözüldü' : 'Şikayet reddedildi',
    ).then(
      () => {
        setClosing(null);
        setNote('');
      },
      () => undefined,
    );
  return (
    <>
      <AppealsList />
      <PagedTable<AdminReport>
        id="reports"
        pages={pages}
        sorting={sorting}
        rowKey={byId}
        cardTitle={(r) => (
          <>
            <Tag>{A.reportTargets[r.targetType as keyof typeof A.reportTargets] ?? r.targetType}</Tag> {reportedName(r)}
          </>
        )}
        toolbar={
          <>
            <FilterSelect
              value={status}
              onChange={setStatus}
              width={140}
              options={[
                { value: 'open', label: 'Açık' },
                { value: 'resolved', label: 'Çözüldü' },
                { value: 'dismissed', label: 'Reddedildi' },
              ]}
              label="Durum"
            />
            <FilterSelect
              value={targetType}
              onChange={setTargetType}
              width={160}
              options={[{ value: '', label: 'Tüm türler' }, ...optionsOf<ReportTarget>(A.reportTargets)]}
              label="Şikayet türü"
            />
            <FilterSelect<Order>
              value={order}
              onChange={setOrder}
              width={230}
              options={[
                { value: 'priority', label: MR.sortPriority },
                { value: 'createdAt', label: MR.sortNewest },
              ]}
              label="Sıralama"
            />
          </>
        }
        columns={[
          {
            key: 'targetType',
            title: 'Tür',
            width: 130,
            render: (r) => <Tag>{A.reportTargets[r.targetType as keyof typeof A.reportTargets] ?? r.targetType}</Tag>,
          },
          {
            key: 'preview',
            title: 'İçerik',
            width: 260,
            render: (r) =>
              r.target.exists ? (
                <>
                  <div>{r.target.preview}</div>
                  {r.subject?.suspendedUntil && r.targetType === 'user' && <Tag color="orange">{suspendedLabel(r.subject.suspendedUntil)}</Tag>}
                  <RecentContent report={r} />
                </>
              ) : (
                <Typography.Text type="secondary">Silinmiş</Typography.Text>
              ),
          },
          { key: 'author', title: 'Yazar', width: 130, render: (r) => r.target.author?.displayName ?? '—' },
          {
            key: 'openReports',
            title: MR.openReports,
            width: 110,
            render: (r) => (r.subject ? <Tag color={r.subject.openReports > 1 ? 'red' : undefined}>{r.subject.openReports}</Tag> : '—'),
          },
          {
            key: 'reason',
            title: 'Neden',
            width: 200,
            render: (r) => (
              <>
                <div>{r.reason}</div>
                {r.note && (
                  <Typography.Text type="secondary">
                    {MR.note}: {r.note}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { key: 'reporter', title: 'Şikayet eden', width: 130, render: (r) => r.reporter?.displayName ?? '—' },
          { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (r) => fromNow(r.createdAt) },
          actionsColumn(360, (r) =>
            r.status !== 'open' ? (
              <Typography.Text type="secondary">{r.resolutionNote}</Typography.Text>
            ) : (
              <Space wrap>
                {r.targetType === 'user' && r.target.exists && (
                  <MemberModerationActions memberId={r.targetId} memberName={reportedName(r)} suspendedUntil={r.subject?.suspendedUntil ?? null} />
                )}
                <RowButton danger onClick={() => setClosing({ report: r, outcome: 'resolve', action: 'delete' })} disabled={!r.target.exists}>
                  {r.targetType === 'user' ? MR.deleteMember : 'İçeriği sil'}
                </RowButton>
                {r.targetType !== 'user' && (
                  <RowButton onClick={() => setClosing({ report: r, outcome: 'resolve', action: 'hide' })} disabled={!r.target.exists}>
                    Gizle
                  </RowButton>
                )}
                <RowButton onClick={() => setClosing({ report: r, outcome: 'resolve', action: 'none' })}>Çözüldü</RowButton>
                <RowButton onClick={() => setClosing({ report: r, outcome: 'dismiss', action: 'none' })}>Reddet</RowButton>
              </Space>
            ),
          ),
        ]}
        bulkActions={
          status === 'open'
            ? [
                {
                  key: 'resolve',
                  label: 'Çözüldü olarak işaretle',
                  run: (ids) => act(bulk.mutateAsync({ ids: toIds(ids), outcome: 'resolved', note: 'Toplu çözüm' }), 'Şikayetler çözüldü'),
                },
                {
                  key: 'dismiss',
                  label: 'Reddet',
                  run: (ids) => act(bulk.mutateAsync({ ids: toIds(ids), outcome: 'dismissed', note: 'Toplu ret' }), 'Şikayetler reddedildi'),
                },
              ]
            : []
        }
      />
      <Modal
        open={!!closing}
        title={
          closing &&
          `${
            closing.outcome === 'dismiss'
              ? 'Şikayeti reddet'
              : closing.report.targetType === 'user' && closing.action === 'delete'
                ? MR.deleteTitle
                : 'Şikayeti çöz'
          }: ${reportedName(closing.report)}`
        }
        okText="Onayla"
        cancelText="İptal"
        onOk={() => void close()}
        onCancel={() => setClosing(null)}
      >
        {closing?.action === 'delete' && (
          <Typography.Paragraph type="danger">
            {closing.report.targetType === 'user'
              ? 'Üyenin hesabı ve kişisel içeriği kalıcı olarak silinecek.'
              : 'Şikayet edilen içerik kalıcı olarak silinecek.'}
          </Typography.Paragraph>
        )}
        {closing?.action === 'hide' && <Typography.Paragraph>İçerik okuyuculardan gizlenecek.</Typography.Paragraph>}
        {/* When the content is deleted or hidden, the note is what its author is told as the reason. */}
        <Input.TextArea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={closing?.action === 'none' ? 'Not (isteğe bağlı)' : TEXTS.moderation.reasonLabel}
          aria-label="Not"
          maxLength={LIMITS.moderationReasonMax}
        />
      </Modal>
    </>
  );
}
