import { useState } from 'react';
import { Button, Input, Modal, Radio, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { FlagOutlined } from '@ant-design/icons';
import { LIMITS, REPORT_REASONS, TEXTS, type ReportReason, type ReportTarget } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useCreateReport } from '../../api/reports';

const MR = TEXTS.memberReports;

/** 'Şikayet Et': a reason, sent to the admins' queue. A person is reported with a reason from the list and an optional note. */
export function ReportDialog({ targetType, targetId, onClose }: { targetType: ReportTarget; targetId: number; onClose(): void }) {
  if (targetType === 'user') return <PersonReportDialog userId={targetId} onClose={onClose} />;
  return <ContentReportDialog targetType={targetType} targetId={targetId} onClose={onClose} />;
}

function PersonReportDialog({ userId, onClose }: { userId: number; onClose(): void }) {
  const [reasonCode, setReasonCode] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const { notification } = useApp();
  const report = useCreateReport();
  const submit = async () => {
    if (!reasonCode) return;
    try {
      await report.mutateAsync({ targetType: 'user', targetId: userId, reasonCode, note });
      notification.success({ message: MR.sent, description: MR.sentBody });
      onClose();
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Şikayet gönderilemedi') });
    }
  };
  return (
    <Modal
      open
      title={MR.dialogTitle}
      okText={MR.send}
      cancelText="İptal"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={report.isPending}
      okButtonProps={{ disabled: !reasonCode }}
    >
      <Typography.Paragraph id="person-report-intro">{MR.dialogIntro}</Typography.Paragraph>
      <Radio.Group value={reasonCode} onChange={(e) => setReasonCode(e.target.value as ReportReason)} aria-labelledby="person-report-intro">
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {REPORT_REASONS.map((code) => (
            <Radio key={code} value={code}>
              {MR.reasons[code]}
            </Radio>
          ))}
        </div>
      </Radio.Group>
      <Input.TextArea
        style={{ marginTop: 16 }}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={LIMITS.reportNoteMax}
        showCount
        autoSize={{ minRows: 2 }}
        placeholder={MR.noteLabel}
        aria-label={MR.noteLabel}
      />
    </Modal>
  );
}

function ContentReportDialog({ targetType, targetId, onClose }: { targetType: ReportTarget; targetId: number; onClose(): void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { notification } = useApp();
  const report = useCreateReport();
  const submit = async () => {
    setBusy(true);
    try {
      await report.mutateAsync({ targetType, targetId, reason });
      notification.success({ message: 'Şikayetiniz alındı', description: 'Yöneticiler en kısa sürede inceleyecek.' });
      onClose();
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Şikayet gönderilemedi') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title="Şikayet Et"
      okText="Gönder"
      cancelText="İptal"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: !reason.trim() }}
    >
      <Typography.Paragraph>Bu içeriği neden şikayet ediyorsunuz?</Typography.Paragraph>
      <Input.TextArea
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={LIMITS.reportReasonMax}
        showCount
        autoSize={{ minRows: 3 }}
        aria-label="Şikayet nedeni"
      />
    </Modal>
  );
}

/** A small 'Şikayet Et' button that opens the dialog (shown to signed-in members only). */
export function ReportButton({ targetType, targetId, label = false }: { targetType: ReportTarget; targetId: number; label?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" type="text" icon={<FlagOutlined />} aria-label="Şikayet Et" onClick={() => setOpen(true)}>
        {label ? 'Şikayet Et' : null}
      </Button>
      {open && <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />}
    </>
  );
}
