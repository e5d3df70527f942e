import { useState } from 'react';
import { Input, Modal, Select, Typography } from 'antd';
import { TEXTS, type TrustLevel } from '@mahalle/shared';
import { useSetTrustLevel } from '../../api/trust';
import { useAct } from './actions';
import { RowButton } from './workspace';

const T = TEXTS.trust;

/**
 * "Güven seviyesi" for one member (the users table, a queue entry's author): a level and a
 * required reason behind a dialog. Who may is the server's users policy (admins and site
 * moderators, never on oneself); the caller shows the button only where it would be allowed.
 */
export function TrustLevelAction({ memberId, memberName, level }: { memberId: number; memberName: string; level: number }) {
  const [open, setOpen] = useState(false);
  const [next, setNext] = useState<TrustLevel>(level as TrustLevel);
  const [reason, setReason] = useState('');
  const setLevel = useSetTrustLevel();
  const act = useAct();
  const close = () => {
    setOpen(false);
    setReason('');
  };
  const submit = () =>
    act(setLevel.mutateAsync({ id: memberId, level: next, reason: reason.trim() }), T.levelSet(memberName, T.levels[next] ?? String(next)), T.levelNotSet).then(
      close,
      () => undefined,
    );
  return (
    <>
      <RowButton
        onClick={() => {
          setNext(level as TrustLevel);
          setOpen(true);
        }}
      >
        {T.setLevel}
      </RowButton>
      <Modal
        open={open}
        title={T.setLevelTitle(memberName)}
        okText="Uygula"
        cancelText="İptal"
        okButtonProps={{ disabled: reason.trim().length === 0 || next === level }}
        confirmLoading={setLevel.isPending}
        onOk={() => void submit()}
        onCancel={close}
        destroyOnHidden
      >
        <Typography.Paragraph>{T.setLevelBody}</Typography.Paragraph>
        <Select<TrustLevel>
          style={{ width: 200 }}
          value={next}
          onChange={setNext}
          aria-label={T.levelLabel}
          options={T.levels.map((label, value) => ({ value: value as TrustLevel, label }))}
        />
        <Input.TextArea
          style={{ marginTop: 12 }}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          autoSize={{ minRows: 2 }}
          placeholder={T.levelReasonLabel}
          aria-label={T.levelReasonLabel}
        />
      </Modal>
    </>
  );
}
