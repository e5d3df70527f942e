import { useState } from 'react';
import { Button, Card, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { LIMITS, TEXTS, type AppealStatus } from '@mahalle/shared';
import { useAppeals, useDecideAppeal, type AdminAppeal } from '../../api/appeals';
import { fromNow } from '../../components/time';
import { FilterSelect } from './workspace';
import { useAct } from './actions';

const T = TEXTS.appeals;
const A = TEXTS.admin;

/** What an appeal is about: 'Gönderi', 'Askı'. */
const kindOf = (a: AdminAppeal) => (a.targetType === 'suspension' ? T.suspension : (A.reportTargets[a.targetType] ?? a.targetType));

/**
 * The appeals in the Şikayetler tab, an entry kind of their own beside the reports: who appeals
 * what, with their note, and Kabul et / Reddet (with a note the member is told).
 */
export function AppealsList() {
  const [status, setStatus] = useState<AppealStatus>('open');
  const [deciding, setDeciding] = useState<{ appeal: AdminAppeal; outcome: 'upheld' | 'rejected' } | null>(null);
  const [note, setNote] = useState('');
  const appeals = useAppeals(status);
  const decide = useDecideAppeal();
  const act = useAct();
  const submit = () =>
    deciding &&
    act(decide.mutateAsync({ id: deciding.appeal.id, outcome: deciding.outcome, note }), deciding.outcome === 'upheld' ? T.upheldDone : T.rejectedDone).then(
      () => {
        setDeciding(null);
        setNote('');
      },
      () => undefined,
    );
  return (
    <Card
      size="small"
      title={T.tab}
      style={{ marginBottom: 16 }}
      extra={
        <FilterSelect
          value={status}
          onChange={setStatus}
          width={140}
          label="Durum"
          options={[
            { value: 'open', label: T.status.open! },
            { value: 'upheld', label: T.status.upheld! },
            { value: 'rejected', label: T.status.rejected! },
          ]}
        />
      }
    >
      <List<AdminAppeal>
        data-testid="appeals"
        loading={appeals.isLoading}
        dataSource={appeals.rows}
        locale={{ emptyText: T.empty }}
        rowKey={(a) => a.id}
        loadMore={
          appeals.hasNextPage ? (
            <Button type="link" loading={appeals.isFetchingNextPage} onClick={() => void appeals.fetchNextPage()}>
              Daha fazla
            </Button>
          ) : null
        }
        renderItem={(a) => (
          <List.Item
            actions={
              a.status === 'open'
                ? [
                    <Button key="u" size="small" type="primary" onClick={() => setDeciding({ appeal: a, outcome: 'upheld' })}>
                      {T.uphold}
                    </Button>,
                    <Button key="r" size="small" danger onClick={() => setDeciding({ appeal: a, outcome: 'rejected' })}>
                      {T.reject}
                    </Button>,
                  ]
                : [<Typography.Text key="s">{T.status[a.status]}</Typography.Text>]
            }
          >
            <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
              <span>
                <Tag color="purple">{T.kind}</Tag>
                <Tag>{kindOf(a)}</Tag>
                {TEXTS.confirm.memberName(a.member.displayName, a.member.username)}
                <Typography.Text type="secondary"> · {fromNow(a.createdAt)}</Typography.Text>
              </span>
              {a.text !== null && <Typography.Text type="secondary">“{a.text}”</Typography.Text>}
              {a.suspendedUntil && <Typography.Text type="secondary">{T.suspendedUntil(new Date(a.suspendedUntil).toLocaleString('tr-TR'))}</Typography.Text>}
              <Typography.Text>
                {T.note}: {a.note}
              </Typography.Text>
              {a.decisionNote && <Typography.Text type="secondary">{a.decisionNote}</Typography.Text>}
            </Space>
          </List.Item>
        )}
      />
      <Modal
        open={!!deciding}
        title={deciding && (deciding.outcome === 'upheld' ? T.upholdTitle : T.rejectTitle)}
        okText={deciding?.outcome === 'upheld' ? T.uphold : T.reject}
        okButtonProps={{ danger: deciding?.outcome === 'rejected' }}
        cancelText="İptal"
        confirmLoading={decide.isPending}
        onOk={() => void submit()}
        onCancel={() => setDeciding(null)}
      >
        <Typography.Paragraph>{deciding?.outcome === 'upheld' ? T.upholdBody : T.rejectBody}</Typography.Paragraph>
        <Input.TextArea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-label={T.decisionNoteLabel}
          placeholder={T.decisionNoteLabel}
          maxLength={LIMITS.appealDecisionNoteMax}
        />
      </Modal>
    </Card>
  );
}
