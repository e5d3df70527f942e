import { useEffect, useState } from 'react';
import { Alert, Button, Select, Space, Switch, Table, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { IN_APP_LOCKED_GROUPS, NOTIFICATION_GROUPS, TEXTS, type NotificationGroup, type NotificationSettings } from '@mahalle/shared';
import { useApp } from '../../components/LazyFeedback';
import { errorMessage } from '../../api/client';
import { useNotificationSettings, useSaveNotificationSettings } from '../../api/notification-settings';
import { PageSpinner } from '../../components/common';
import { DeliverySettings } from './DeliverySettings';
import { DigestSettingsPanel } from './DigestSettingsPanel';

const T = TEXTS.notificationSettings;
const TIME = 'HH:mm';

/** 'HH:mm' as today's time, for the picker (no parsing plugin needed). */
function atTime(hhmm: string) {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return dayjs().hour(h).minute(m).second(0).millisecond(0);
}

/** The IANA zones this browser knows, the saved one first if the browser lacks it (computed once). */
let zones: { value: string; label: string }[] | undefined;
function timeZoneOptions(current: string) {
  zones ??= Intl.supportedValuesOf('timeZone').map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
  return zones.some((z) => z.value === current) ? zones : [{ value: current, label: current }, ...zones];
}

/** 'Bildirim ayarları': kinds × (in-app, desktop) switches and quiet hours, saved together. */
export function NotificationSettingsPanel() {
  const { data, isLoading, error } = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const { notification } = useApp();
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  useEffect(() => {
    if (data) setDraft(data);
  }, [data]);

  if (isLoading || (!draft && !error)) return <PageSpinner />;
  if (error || !draft) return <Alert type="error" message={errorMessage(error, TEXTS.resilience.errorTitle)} />;

  const setKind = (group: NotificationGroup, field: 'inApp' | 'desktop', on: boolean) =>
    setDraft({ ...draft, kinds: { ...draft.kinds, [group]: { ...draft.kinds[group], [field]: on } } });
  const setQuiet = (patch: Partial<NotificationSettings['quietHours']>) => setDraft({ ...draft, quietHours: { ...draft.quietHours, ...patch } });

  const onSave = () =>
    save.mutate(draft, {
      onSuccess: () => notification.success({ message: T.saved }),
      onError: (e) => notification.error({ message: errorMessage(e, T.invalidSettings) }),
    });

  return (
    <section aria-labelledby="notification-settings-title">
      <Typography.Title level={3} id="notification-settings-title" style={{ fontSize: 18 }}>
        {T.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="group"
        dataSource={NOTIFICATION_GROUPS.map((group) => ({ group }))}
        columns={[
          { title: T.kind, key: 'kind', render: (_, { group }) => T.groups[group] },
          {
            title: T.inApp,
            key: 'inApp',
            render: (_, { group }) => (
              <Switch
                aria-label={`${T.groups[group]}: ${T.inApp}`}
                checked={IN_APP_LOCKED_GROUPS.has(group) || draft.kinds[group].inApp}
                disabled={IN_APP_LOCKED_GROUPS.has(group)}
                onChange={(on) => setKind(group, 'inApp', on)}
              />
            ),
          },
          {
            title: T.desktop,
            key: 'desktop',
            render: (_, { group }) => (
              <Switch aria-label={`${T.groups[group]}: ${T.desktop}`} checked={draft.kinds[group].desktop} onChange={(on) => setKind(group, 'desktop', on)} />
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {T.moderationLocked} {T.messagesLocked}
      </Typography.Paragraph>

      <Typography.Title level={4} style={{ fontSize: 16, marginTop: 16 }}>
        {T.quietHours}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.quietHoursHint}</Typography.Paragraph>
      <Space wrap align="center">
        <Switch aria-label={T.quietHours} checked={draft.quietHours.enabled} onChange={(enabled) => setQuiet({ enabled })} />
        <label>
          {T.quietStart}{' '}
          <TimePicker
            aria-label={T.quietStart}
            format={TIME}
            minuteStep={5}
            allowClear={false}
            needConfirm={false}
            disabled={!draft.quietHours.enabled}
            value={atTime(draft.quietHours.start)}
            onChange={(v) => v && setQuiet({ start: v.format(TIME) })}
          />
        </label>
        <label>
          {T.quietEnd}{' '}
          <TimePicker
            aria-label={T.quietEnd}
            format={TIME}
            minuteStep={5}
            allowClear={false}
            needConfirm={false}
            disabled={!draft.quietHours.enabled}
            value={atTime(draft.quietHours.end)}
            onChange={(v) => v && setQuiet({ end: v.format(TIME) })}
          />
        </label>
        <label>
          {T.timeZone}{' '}
          <Select
            aria-label={T.timeZone}
            showSearch
            style={{ minWidth: 220 }}
            disabled={!draft.quietHours.enabled}
            value={draft.quietHours.timeZone}
            options={timeZoneOptions(draft.quietHours.timeZone)}
            onChange={(timeZone: string) => setQuiet({ timeZone })}
          />
        </label>
      </Space>
      <div style={{ marginTop: 16 }}>
        <Button type="primary" onClick={onSave} loading={save.isPending}>
          {T.save}
        </Button>
      </div>
      <DeliverySettings />
      <DigestSettingsPanel />
    </section>
  );
}
