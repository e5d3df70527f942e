import { Button, Modal, Space, Typography } from 'antd';
import { TEXTS } from '@mahalle/shared';
import { useAcceptConsents, useConsents } from '../../api/privacy';
import { errorMessage } from '../../api/client';
import { useApp } from '../../components/LazyFeedback';
import { useSession } from '../../stores/session';
import { LegalText } from './LegalText';

const P = TEXTS.privacy;

/**
 * When the organiser published a new version of the terms or the privacy notice, a signed-in member
 * is asked to accept it before going on: a modal that does not close by itself (accept, or sign out).
 */
export function ConsentModal({ onLogout }: { onLogout(): void }) {
  const user = useSession((s) => s.user);
  const { data } = useConsents(Boolean(user) && user?.role !== 'admin');
  const accept = useAcceptConsents();
  const { message } = useApp();
  const pending = user ? (data?.pending ?? []) : [];
  if (!pending.length) return null;
  const onAccept = () =>
    accept.mutate(
      { documents: pending.map((d) => ({ kind: d.kind, version: d.version })) },
      {
        onSuccess: () => void message.success(P.reaccepted),
        onError: (e) => void message.error(errorMessage(e, P.consentOutdated)),
      },
    );
  return (
    <Modal
      open
      title={P.reacceptTitle}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={720}
      footer={
        <Space wrap>
          <Button onClick={onLogout}>{P.signOut}</Button>
          <Button type="primary" loading={accept.isPending} onClick={onAccept}>
            {P.reacceptButton}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{P.reacceptHint}</Typography.Paragraph>
      {pending.map((doc) => (
        <section key={doc.id} aria-label={doc.title} style={{ marginBottom: 16 }}>
          <Typography.Title level={4} style={{ marginBottom: 4 }}>
            {doc.title} <Typography.Text type="secondary">({P.version(doc.version)})</Typography.Text>
          </Typography.Title>
          <div tabIndex={0} style={{ maxHeight: 260, overflowY: 'auto', border: '1px solid rgba(128,128,128,.3)', borderRadius: 8, padding: '8px 12px' }}>
            <LegalText body={doc.body} />
          </div>
        </section>
      ))}
    </Modal>
  );
}
