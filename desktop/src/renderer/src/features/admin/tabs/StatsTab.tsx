import { Alert, Card, Col, List, Row, Statistic, Tag, Typography } from 'antd';
import { TEXTS } from '@mahalle/shared';
import { useAdminHealth, useAdminStats, type AdminStats } from '../../../api/admin';
import { fromNow } from '../../../components/time';

const A = TEXTS.admin;
type Total = Exclude<keyof AdminStats, 'recentActivity'>;
const STAT_LABELS: [Total, string][] = [
  ['totalUsers', 'Kullanıcı'],
  ['totalPosts', 'Gönderi'],
  ['totalBlogs', 'Blog'],
  ['totalComments', 'Yorum'],
  ['totalCategories', 'Kategori'],
  ['totalQuestions', 'Soru'],
  ['totalEvents', 'Etkinlik'],
  ['openReports', 'Açık şikayet'],
];

/** Outgoing mail that fails is shown to the organiser here, not only in the server's log. */
function MailHealthAlert() {
  const { data } = useAdminHealth();
  const mail = data?.mail;
  if (!mail?.configured || mail.failed === 0) return null;
  if (mail.consecutiveFailures === 0) return <Alert type="info" showIcon style={{ marginBottom: 12 }} message={A.mailRecovered(mail.failed)} />;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      message={A.mailFailing(mail.consecutiveFailures)}
      description={
        <>
          {A.mailFailingDetail}
          {mail.lastError && (
            <div>
              {A.mailLastError}
              {mail.lastFailureAt ? ` (${fromNow(mail.lastFailureAt)})` : ''}: <Typography.Text code>{mail.lastError}</Typography.Text>
            </div>
          )}
        </>
      }
    />
  );
}

export default function StatsTab() {
  const { data: stats } = useAdminStats();
  return (
    <>
      <MailHealthAlert />
      <Row gutter={[12, 12]}>
        {STAT_LABELS.map(([k, label]) => (
          <Col key={k} xs={12} md={6}>
            <Card size="small">
              <Statistic title={label} value={stats?.[k] ?? 0} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title="Son Aktiviteler" size="small" style={{ marginTop: 12 }}>
        <List
          dataSource={stats?.recentActivity ?? []}
          renderItem={(a) => (
            <List.Item>
              <Tag>{A.activityTypes[a.type] ?? a.type}</Tag> {a.title} <Typography.Text type="secondary">{fromNow(a.date)}</Typography.Text>
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
