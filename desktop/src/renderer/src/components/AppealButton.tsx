import { useState } from 'react';
import { Button, Input, Modal, Typography } from 'antd';
import { LIMITS, TEXTS } from '@mahalle/shared';
import { ApiError } from '../api/client';

const T = TEXTS.appeals;

/**
 * 'İtiraz et': a dialog with the member's note, sent once. Once sent (now, or `sent` from the
 * server) the button gives way to 'İtirazınız alındı', so there is no second appeal to send.
 */
export function AppealButton({ intro, send, sent = false }: { intro: string; send: (note: string) => Promise<unknown>; sent?: boolean }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(sent);
  if (done || sent)
    return (
      <Typography.Text type="success" role="status">
        {T.sent}
      </Typography.Text>
    );
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await send(note);
      setOpen(false);
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'İşlem başarısız oldu');
    } finally {
      setBusy(false);
    }
  };
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Button size="small" onClick={() => setOpen(true)}>
        {T.appeal}
      </Button>
      <Modal
        open={open}
        title={T.dialogTitle}
        okText={T.send}
        cancelText="İptal"
        confirmLoading={busy}
        okButtonProps={{ disabled: !note.trim() }}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
      >
        <Typography.Paragraph>{intro}</Typography.Paragraph>
        <Input.TextArea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-label={T.noteLabel}
          placeholder={T.noteLabel}
          maxLength={LIMITS.appealNoteMax}
          showCount
          rows={4}
        />
        {error && (
          <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8 }}>
            {error}
          </Typography.Paragraph>
        )}
      </Modal>
    </span>
  );
}
