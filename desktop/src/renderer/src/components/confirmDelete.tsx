import { Input, type ModalFuncProps } from 'antd';
import { LIMITS, TEXTS } from '@mahalle/shared';

type Confirm = (props: ModalFuncProps) => unknown;

/**
 * The delete confirm ('Gönderiyi Sil' / 'Bu işlem geri alınamaz.' / 'Sil' / 'İptal'). When
 * someone removes another member's content (`moderating`), it also asks for an optional reason,
 * which the server passes on to the author in a notification.
 */
export function confirmDelete(
  confirm: Confirm,
  opts: { title: string; content?: React.ReactNode; moderating?: boolean; run(reason: string): Promise<unknown> },
) {
  let reason = '';
  confirm({
    title: opts.title,
    content: opts.moderating ? (
      <div>
        <div>{opts.content ?? TEXTS.confirm.cannotUndo}</div>
        <Input.TextArea
          style={{ marginTop: 8 }}
          aria-label={TEXTS.moderation.reasonLabel}
          placeholder={TEXTS.moderation.reasonLabel}
          maxLength={LIMITS.moderationReasonMax}
          autoSize={{ minRows: 2, maxRows: 4 }}
          onChange={(e) => {
            reason = e.target.value;
          }}
        />
      </div>
    ) : (
      (opts.content ?? TEXTS.confirm.cannotUndo)
    ),
    okText: TEXTS.confirm.ok,
    cancelText: TEXTS.confirm.cancel,
    okButtonProps: { danger: true },
    onOk: () => opts.run(reason),
  });
}
