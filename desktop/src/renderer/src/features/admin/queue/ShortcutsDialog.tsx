import { Modal, Typography } from 'antd';
import { TEXTS } from '@mahalle/shared';
import { TRIAGE_SHORTCUTS } from './keys';

const T = TEXTS.triage;

/** Every shortcut of the queue, opened with `?` or the toolbar's button. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal open={open} title={T.shortcutsTitle} onCancel={onClose} footer={null} destroyOnHidden>
      <dl className="queue-shortcuts" data-testid="queue-shortcuts">
        {TRIAGE_SHORTCUTS.map((s) => (
          <div key={s.key}>
            <dt>
              <kbd>{s.key}</kbd>
            </dt>
            <dd>{T.shortcuts[s.command]}</dd>
          </div>
        ))}
      </dl>
      <Typography.Paragraph type="secondary">{T.shortcutsNote}</Typography.Paragraph>
    </Modal>
  );
}
