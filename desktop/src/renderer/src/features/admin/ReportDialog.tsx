import { useState } from 'react';
import { Button, Input, Modal, Typography } from 'antd';
import { useApp } from '../../components/LazyFeedback';
import { FlagOutlined } from '@ant-design/icons';
import { LIMITS, TEXTS, type ReportTarget } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useCreateReport } from '../../api/reports';

/** 'Şikayet Et': a reason, sent to the admins' queue. */
export function ReportDialog({ targetType, targetId, onClose }: { targetType: ReportTarget; targetId: number; onClose(): void }) {
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
