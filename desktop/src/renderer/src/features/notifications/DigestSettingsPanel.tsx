import { useEffect, useState } from 'react';
import { Alert, Button, Select, Space, Switch, Typography } from 'antd';
import { TEXTS, type DigestSettings } from '@mahalle/shared';
import { useApp } from '../../components/LazyFeedback';
import { errorMessage } from '../../api/client';
import { useDigestSettings, useSaveDigestSettings } from '../../api/notification-settings';
import { PageSpinner } from '../../components/common';

const T = TEXTS.digest;
const WEEKDAYS = T.weekdays.map((label, i) => ({ value: i + 1, label }));
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }));

/** The IANA zones this browser knows, the saved one first if the browser lacks it (computed once). */
let zones: { value: string; label: string }[] | undefined;
function timeZoneOptions(current: string) {
  zones ??= Intl.supportedValuesOf('timeZone').map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
  return zones.some((z) => z.value === current) ? zones : [{ value: current, label: current }, ...zones];
}

/** 'Haftalık mahalle özeti': on or off, the weekday and hour in the member's own zone, saved together. */
export function DigestSettingsPanel() {
  const { data, isLoading, error } = useDigestSettings();
  const save = useSaveDigestSettings();
  const { notification } = useApp();
  const [draft, setDraft] = useState<DigestSettings | null>(null);
  useEffect(() => {
    if (data) setDraft(data);
  }, [data]);

  if (isLoading || (!draft && !error)) return <PageSpinner />;
  if (error || !draft) return <Alert type="error" message={errorMessage(error, TEXTS.resilience.errorTitle)} />;

  const set = (patch: Partial<DigestSettings>) => setDraft({ ...draft, ...patch });
  const onSave = () =>
    save.mutate(draft, {
      onSuccess: () => notification.success({ message: T.saved }),
      onError: (e) => notification.error({ message: errorMessage(e, T.invalidSettings) }),
    });

  return (
    <section aria-labelledby="digest-settings-title" style={{ marginTop: 24 }}>
      <Typography.Title level={4} id="digest-settings-title" style={{ fontSize: 16 }}>
        {T.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      <Space wrap align="center">
        <label>
          <Switch aria-label={T.enabled} checked={draft.enabled} onChange={(enabled) => set({ enabled })} /> {T.enabled}
        </label>
        <label>
          {T.weekday}{' '}
          <Select
            aria-label={T.weekday}
            style={{ minWidth: 130 }}
            disabled={!draft.enabled}
            value={draft.weekday}
            options={WEEKDAYS}
            onChange={(weekday: number) => set({ weekday })}
          />
        </label>
        <label>
          {T.hour}{' '}
          <Select
            aria-label={T.hour}
            style={{ minWidth: 90 }}
            disabled={!draft.enabled}
            value={draft.hour}
            options={HOURS}
            onChange={(hour: number) => set({ hour })}
          />
        </label>
        <label>
          {T.timeZone}{' '}
          <Select
            aria-label={T.timeZoneLabel}
            showSearch
            style={{ minWidth: 220 }}
            disabled={!draft.enabled}
            value={draft.timeZone}
            options={timeZoneOptions(draft.timeZone)}
            onChange={(timeZone: string) => set({ timeZone })}
          />
        </label>
      </Space>
      <div style={{ marginTop: 16 }}>
        <Button type="primary" onClick={onSave} loading={save.isPending} aria-label={T.saveLabel}>
          {T.save}
        </Button>
      </div>
    </section>
  );
}
