import { useState } from 'react';
import { Input, Modal, Space, Tag, Typography } from 'antd';
import { LIMITS, TEXTS, type ReportTarget } from '@mahalle/shared';
import { useBulkReports, useCloseReport, useReports, type AdminReport, type ReportAction } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { byId, toIds, useAct, useSort } from '../actions';
import { actionsColumn, FilterSelect, optionsOf, PagedTable, RowButton } from '../workspace';

const A = TEXTS.admin;
type Status = AdminReport['status'];

export default function ReportsTab() {
  const [status, setStatus] = useState<Status>('open');
  const [targetType, setTargetType] = useState<ReportTarget | ''>('');
  const [closing, setClosing] = useState<{ report: AdminReport; outcome: 'resolve' | 'dismiss'; action: ReportAction } | null>(null);
  const [note, setNote] = useState('');
  const sorting = useSort(undefined, { byDateOnly: true });
  const act = useAct();
  const pages = useReports({ status, targetType: targetType || undefined, direction: sorting.sort.direction });
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
      <PagedTable<AdminReport>
        id="reports"
        pages={pages}
        sorting={sorting}
        rowKey={byId}
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
            render: (r) => (r.target.exists ? r.target.preview : <Typography.Text type="secondary">Silinmiş</Typography.Text>),
          },
          { key: 'author', title: 'Yazar', width: 130, render: (r) => r.target.author?.displayName ?? '—' },
          { key: 'reason', title: 'Neden', width: 200 },
          { key: 'reporter', title: 'Şikayet eden', width: 130, render: (r) => r.reporter?.displayName ?? '—' },
          { key: 'createdAt', title: 'Tarih', width: 120, sortKey: 'createdAt', render: (r) => fromNow(r.createdAt) },
          actionsColumn(300, (r) =>
            r.status !== 'open' ? (
              <Typography.Text type="secondary">{r.resolutionNote}</Typography.Text>
            ) : (
              <Space wrap>
                <RowButton danger onClick={() => setClosing({ report: r, outcome: 'resolve', action: 'delete' })} disabled={!r.target.exists}>
                  İçeriği sil
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
        title={closing?.outcome === 'dismiss' ? 'Şikayeti reddet' : 'Şikayeti çöz'}
        okText="Onayla"
        cancelText="İptal"
        onOk={() => void close()}
        onCancel={() => setClosing(null)}
      >
        {closing?.action === 'delete' && <Typography.Paragraph type="danger">Şikayet edilen içerik kalıcı olarak silinecek.</Typography.Paragraph>}
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
