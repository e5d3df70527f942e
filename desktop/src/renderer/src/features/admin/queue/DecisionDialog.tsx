import { useRef, useState } from 'react';
import { Input, Modal, Radio, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { LIMITS, TEXTS } from '@mahalle/shared';

const T = TEXTS.triage;

export type Asking = { action: 'warn' | 'suspend'; ids: number[]; name: string };

/**
 * `w` and `s` ask before they act: a reason (told to the member) and, for a suspension, 1 or 7 days (a moderator's
 * most; the server decides). The reason field has the focus; Enter confirms, Shift+Enter breaks the line, Esc cancels.
 */
export function DecisionDialog({
  asking,
  busy,
  onConfirm,
  onCancel,
}: {
  asking: Asking;
  busy: boolean;
  onConfirm(d: { reason: string; days?: 1 | 7 }): void;
  onCancel(): void;
}) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<1 | 7>(1);
  const field = useRef<TextAreaRef>(null);
  const ready = reason.trim().length > 0;
  const confirm = () => {
    if (ready && !busy) onConfirm(asking.action === 'suspend' ? { reason: reason.trim(), days } : { reason: reason.trim() });
  };
  return (
    <Modal
      open
      title={asking.action === 'warn' ? T.warnTitle(asking.name) : T.suspendTitle(asking.name)}
      okText={TEXTS.reviewQueue.actions[asking.action]}
      cancelText={T.cancel}
      okButtonProps={{ disabled: !ready, danger: asking.action === 'suspend' }}
      confirmLoading={busy}
      onOk={confirm}
      onCancel={onCancel}
      // Once open (after its zoom, or at once when motion is off), the reason takes the focus: with motion off, the
      // dialog's own focus handling can run after a mount-time autoFocus and take it back.
      afterOpenChange={(open) => open && field.current?.focus()}
      destroyOnHidden
    >
      {asking.action === 'suspend' && (
        <Radio.Group
          value={days}
          onChange={(e) => setDays(e.target.value as 1 | 7)}
          options={[1, 7].map((d) => ({ value: d, label: T.days(d) }))}
          aria-label={TEXTS.memberReports.suspendLength}
          style={{ marginBottom: 12 }}
        />
      )}
      <Input.TextArea
        ref={field}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            confirm();
          }
        }}
        placeholder={T.reasonLabel}
        aria-label={T.reasonLabel}
        maxLength={LIMITS.warningReasonMax}
        autoSize={{ minRows: 2, maxRows: 5 }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {T.enterConfirms}
      </Typography.Paragraph>
    </Modal>
  );
}
