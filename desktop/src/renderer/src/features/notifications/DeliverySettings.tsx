import { useEffect, useState } from 'react';
import { Alert, Button, List, Switch, Table, Typography } from 'antd';
import { NOTIFICATION_GROUPS, TEXTS, type MailKind, type NotificationGroup } from '@mahalle/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../components/LazyFeedback';
import { errorMessage } from '../../api/client';
import {
  currentPushSubscription,
  pushDevicesKey,
  pushSupported,
  turnOffPush,
  turnOnPush,
  useMailPreferences,
  usePushDevices,
  useRemovePushDevice,
  useResumeMail,
  useSaveMailPreferences,
} from '../../api/delivery';

const D = TEXTS.delivery;
const G = TEXTS.notificationSettings.groups;

/** "Bu cihazda bildirim": this browser's push switch, and the member's devices with remove. */
function PushSection() {
  const supported = pushSupported();
  const devices = usePushDevices();
  const remove = useRemovePushDevice();
  const qc = useQueryClient();
  const { notification } = useApp();
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentPushSubscription()
      .then((s) => setEndpoint(s?.endpoint ?? null))
      .catch(() => setEndpoint(null));
  }, []);
  const mine = devices.data?.find((d) => d.endpoint === endpoint);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const result = await turnOnPush();
        if (result === 'denied') notification.warning({ message: D.pushDenied });
        if (result === 'unsupported') notification.warning({ message: D.pushUnsupported });
      } else await turnOffPush(mine?.id);
      setEndpoint((await currentPushSubscription())?.endpoint ?? null);
      await qc.invalidateQueries({ queryKey: pushDevicesKey });
    } catch (e) {
      notification.error({ message: errorMessage(e, D.pushFailed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="push-settings-title" style={{ marginTop: 24 }}>
      <Typography.Title level={4} id="push-settings-title" style={{ fontSize: 16 }}>
        {D.pushTitle}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{D.pushHint}</Typography.Paragraph>
      {supported ? (
        <label>
          <Switch aria-label={D.pushTitle} checked={Boolean(mine)} loading={busy} onChange={(on) => void toggle(on)} /> {mine ? D.pushOn : D.pushOff}
        </label>
      ) : (
        <Alert type="info" showIcon message={D.pushUnsupported} />
      )}
      <Typography.Title level={5} style={{ fontSize: 14, marginTop: 16 }}>
        {D.devices}
      </Typography.Title>
      <List
        size="small"
        loading={devices.isLoading}
        locale={{ emptyText: D.noDevices }}
        dataSource={devices.data ?? []}
        renderItem={(d) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                size="small"
                danger
                loading={remove.isPending && remove.variables === d.id}
                onClick={() =>
                  remove.mutate(d.id, {
                    onSuccess: () => {
                      notification.success({ message: D.deviceRemoved });
                      // Removing this browser's row ends its subscription too.
                      if (d.endpoint === endpoint) void turnOffPush(undefined).then(() => setEndpoint(null));
                    },
                    onError: (e) => notification.error({ message: errorMessage(e, D.deviceNotFound) }),
                  })
                }
              >
                {D.removeDevice}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={d.endpoint === endpoint ? `${d.label} · ${D.thisDevice}` : d.label}
              description={D.deviceAdded(new Date(d.createdAt).toLocaleDateString('tr-TR'))}
            />
          </List.Item>
        )}
      />
    </section>
  );
}

const kindName = (k: MailKind) => (k === 'digest' ? D.digest : G[k as NotificationGroup]);

/** Per-kind e-mail switches, and the notice of a paused address with its resume button. */
function MailSection() {
  const { data, isLoading } = useMailPreferences();
  const save = useSaveMailPreferences();
  const resume = useResumeMail();
  const { notification } = useApp();
  if (isLoading || !data) return null;
  // The weekly digest's switch lives with the digest's own settings.
  const kinds: MailKind[] = [...NOTIFICATION_GROUPS];
  const set = (kind: MailKind, on: boolean) =>
    save.mutate(
      { kinds: { ...data.kinds, [kind]: on } },
      {
        onSuccess: () => notification.success({ message: D.emailSaved }),
        onError: (e) => notification.error({ message: errorMessage(e, D.invalidEmailPrefs) }),
      },
    );
  return (
    <section aria-labelledby="mail-settings-title" style={{ marginTop: 24 }}>
      <Typography.Title level={4} id="mail-settings-title" style={{ fontSize: 16 }}>
        {D.emailTitle}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{D.emailHint}</Typography.Paragraph>
      {data.pausedAt && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={D.emailPaused}
          action={
            <Button
              size="small"
              loading={resume.isPending}
              onClick={() => resume.mutate(undefined, { onSuccess: () => notification.success({ message: D.emailResumed }) })}
            >
              {D.emailResume}
            </Button>
          }
        />
      )}
      <Table
        size="small"
        pagination={false}
        rowKey="kind"
        dataSource={kinds.map((kind) => ({ kind }))}
        columns={[
          { title: TEXTS.notificationSettings.kind, key: 'kind', render: (_, { kind }) => kindName(kind) },
          {
            title: D.emailTitle,
            key: 'email',
            render: (_, { kind }) => (
              <Switch aria-label={`${kindName(kind)}: ${D.emailTitle}`} checked={data.kinds[kind]} disabled={save.isPending} onChange={(on) => set(kind, on)} />
            ),
          },
        ]}
      />
    </section>
  );
}

/** Notifications that leave the site: push on this device and e-mail, under the member's notification settings. */
export function DeliverySettings() {
  return (
    <>
      <PushSection />
      <MailSection />
    </>
  );
}
