import { useState } from 'react';
import { App, Input, Modal, Typography } from 'antd';
import { LIMITS, TEXTS, type ReportTarget } from '@mahalle/shared';
import { errorMessage, post } from '../../api/client';

/** 'Şikayet Et': a reason, sent to the admins' queue. */
export function ReportDialog({ targetType, targetId, onClose }: { targetType: ReportTarget; targetId: number; onClose(): void }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { notification } = App.useApp();
  const submit = async () => {
    setBusy(true);
    try {
      await post('/api/reports', { targetType, targetId, reason });
      notification.success({ message: 'Şikayetiniz alındı', description: 'Yöneticiler en kısa sürede inceleyecek.' });
      onClose();
    } catch (err) {
      notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Şikayet gönderilemedi') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="Şikayet Et" okText="Gönder" cancelText="İptal" onOk={() => void submit()} onCancel={onClose} confirmLoading={busy} okButtonProps={{ disabled: !reason.trim() }}>
      <Typography.Paragraph>Bu içeriği neden şikayet ediyorsunuz?</Typography.Paragraph>
      <Input.TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={LIMITS.reportReasonMax} showCount autoSize={{ minRows: 3 }} aria-label="Şikayet nedeni" />
    </Modal>
  );
}
