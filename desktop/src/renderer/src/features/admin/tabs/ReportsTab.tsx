import { useState } from 'react';
import { Button, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { LIMITS, TEXTS, type ReportTarget } from '@mahalle/shared';
import { useBulkReports, useCloseReport, useReports, type AdminReport, type ReportAction } from '../../../api/admin';
import { fromNow } from '../../../components/time';
import { AdminTable } from '../table/AdminTable';
import { NEWEST, toIds, useAct, type Sort } from '../actions';

const A = TEXTS.admin;
type Status = AdminReport['status'];

export default function ReportsTab() {
  const [status, setStatus] = useState<Status>('open');
  const [targetType, setTargetType] = useState<ReportTarget | ''>('');
  const [closing, setClosing] = useState<{ report: AdminReport; outcome: 'resolve' | 'dismiss'; action: ReportAction } | null>(null);
  const [note, setNote] = useState('');
  const [sort, setSort] = useState<Sort>(NEWEST);
  const act = useAct();
  const { rows, loading, hasMore, more, loadingMore } = useReports({ status, targetType: targetType || undefined, direction: sort.direction });
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
      <AdminTable
        id="reports"
        rows={rows}
        loading={loading}
        rowKey={(r) => String(r.id)}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={more}
        sort={sort}
        onSortChange={(next) => setSort({ key: 'createdAt', direction: next.direction })}
        toolbar={
          <>
            <Select
              value={status}
              onChange={setStatus}
              style={{ width: 140 }}
              options={[
                { value: 'open', label: 'Açık' },
                { value: 'resolved', label: 'Çözüldü' },
                { value: 'dismissed', label: 'Reddedildi' },
              ]}
              aria-label="Durum"
            />
            <Select
              value={targetType}
              onChange={setTargetType}
              style={{ width: 160 }}
              options={[{ value: '', label: 'Tüm türler' }, ...Object.entries(A.reportTargets).map(([value, label]) => ({ value, label }))]}
              aria-label="Şikayet türü"
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
          {
            key: 'actions',
            title: 'İşlemler',
            width: 300,
            render: (r) =>
              r.status !== 'open' ? (
                <Typography.Text type="secondary">{r.resolutionNote}</Typography.Text>
              ) : (
                <Space wrap>
                  <Button size="small" danger onClick={() => setClosing({ report: r, outcome: 'resolve', action: 'delete' })} disabled={!r.target.exists}>
                    İçeriği sil
                  </Button>
                  {r.targetType !== 'user' && (
                    <Button size="small" onClick={() => setClosing({ report: r, outcome: 'resolve', action: 'hide' })} disabled={!r.target.exists}>
                      Gizle
                    </Button>
                  )}
                  <Button size="small" onClick={() => setClosing({ report: r, outcome: 'resolve', action: 'none' })}>
                    Çözüldü
                  </Button>
                  <Button size="small" onClick={() => setClosing({ report: r, outcome: 'dismiss', action: 'none' })}>
                    Reddet
                  </Button>
                </Space>
              ),
          },
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
