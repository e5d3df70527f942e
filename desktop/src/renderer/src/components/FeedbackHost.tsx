import { useEffect } from 'react';
import { message, Modal, notification } from 'antd';
import type { useAppProps } from 'antd/es/app/context';

/** Toasts open below the 64 px header, never over its bell, messages and menu; one at a time, 5 s. */
const TOASTS = { maxCount: 1, duration: 5, top: 72 };

/**
 * antd's message, notification and modal holders, as `App` renders them. Loaded by `LazyFeedback` the first time
 * a screen shows a toast or a confirm (or a member signs in), not with a visitor's first page.
 */
export default function FeedbackHost({ onReady }: { onReady: (api: useAppProps) => void }) {
  const [messageApi, messageHolder] = message.useMessage(TOASTS);
  const [notificationApi, notificationHolder] = notification.useNotification(TOASTS);
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => onReady({ message: messageApi, notification: notificationApi, modal: modalApi }), [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
