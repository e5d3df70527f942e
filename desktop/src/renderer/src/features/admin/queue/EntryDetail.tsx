import { Descriptions, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import type { ReviewEntry } from '../../../api/review-queue';
import { formatDate, formatDateTime, fromNow } from '../../../components/time';
import { useSession } from '../../../stores/session';
import { TrustLevelAction } from '../TrustLevelAction';

const T = TEXTS.triage;
const A = TEXTS.admin;

/** What an entry is about, for lists and dialog titles: its kind's word and its first words. */
export const entryName = (e: ReviewEntry) => (e.author ? `${e.author.displayName} (@${e.author.username})` : e.target.preview.slice(0, 60));

const KIND_COLORS: Record<ReviewEntry['kind'], string> = { report: 'red', approval: 'gold', flag: 'blue', appeal: 'cyan' };

/** The tags a row and a card show beside the preview: kind, target, reports, hidden or gone, and who holds it. */
export function EntryTags({ entry }: { entry: ReviewEntry }) {
  return (
    <span className="queue-tags">
      <Tag color={KIND_COLORS[entry.kind]}>{TEXTS.reviewQueue.kinds[entry.kind] ?? entry.kind}</Tag>
      <Tag>
        {entry.appeal?.targetType === 'suspension'
          ? TEXTS.appeals.suspension
          : (A.reportTargets[entry.target.type as keyof typeof A.reportTargets] ?? entry.target.type)}
      </Tag>
      {entry.reportCount > 0 && entry.kind === 'report' && <Tag color={entry.reportCount > 1 ? 'red' : undefined}>{T.reports(entry.reportCount)}</Tag>}
      {!entry.target.exists && <Tag>{T.gone}</Tag>}
      {entry.target.exists && entry.target.isHidden && <Tag color="orange">{T.hidden}</Tag>}
      {entry.claim && (
        <Tag color={entry.claim.mine ? 'green' : 'purple'} data-testid="queue-claim">
          {entry.claim.mine ? T.yours : T.holding(entry.claim.by.displayName)}
        </Tag>
      )}
    </span>
  );
}

/** An appeal's own part: what is appealed, the member's note, and whether the hide or suspension still holds. */
function AppealPart({ appeal }: { appeal: NonNullable<ReviewEntry['appeal']> }) {
  const suspension = appeal.targetType === 'suspension';
  return (
    <div className="queue-appeal" data-testid="queue-appeal">
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {T.appeal}
      </Typography.Title>
      {suspension && appeal.suspendedUntil && <Typography.Paragraph>{T.appealedSuspension(formatDateTime(appeal.suspendedUntil))}</Typography.Paragraph>}
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'note', label: T.appealNote, children: <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{appeal.note}</span> },
          {
            key: 'state',
            label: TEXTS.appeals.status.open,
            children: appeal.stillInForce ? T.appealInForce[suspension ? 'suspension' : 'item'] : T.appealSettled,
          },
          { key: 'at', label: T.queuedAt, children: formatDateTime(appeal.createdAt) },
        ]}
      />
    </div>
  );
}

/** The detail pane: the item, why it is queued, and its author's context (level, join date, recent items, earlier actions). */
export function EntryDetail({ entry, headingId }: { entry: ReviewEntry; headingId?: string }) {
  const author = entry.author;
  const meId = useSession((s) => s.user?.id);
  return (
    <div className="queue-detail" data-testid="queue-detail">
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }} id={headingId}>
        {T.item}
      </Typography.Title>
      <EntryTags entry={entry} />
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: 8 }}>{entry.target.preview}</Typography.Paragraph>
      {entry.target.link && (
        <Link to={entry.target.link} target="_blank" data-testid="queue-open">
          {T.open}
        </Link>
      )}
      {entry.appeal && <AppealPart appeal={entry.appeal} />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {T.queuedAt}: {fromNow(entry.queuedAt)}
      </Typography.Paragraph>
      <ul className="queue-reports">
        {entry.reports.map((r) => (
          <li key={r.id}>
            <strong>{r.reason}</strong>
            {r.note && <span> — {r.note}</span>}
            <Typography.Text type="secondary">
              {' '}
              · {r.reporter ? T.reportedBy(r.reporter.displayName) : T.byWatchedWord} · {fromNow(r.createdAt)}
            </Typography.Text>
          </li>
        ))}
      </ul>
      {author && (
        <>
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {T.author}
          </Typography.Title>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'name', label: T.author, children: `${author.displayName} (@${author.username})` },
              {
                key: 'level',
                label: T.level,
                children: (
                  <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                    <Tag data-testid="queue-level">{TEXTS.trust.levels[author.trustLevel] ?? author.trustLevel}</Tag>
                    {author.id !== meId && (
                      <TrustLevelAction memberId={author.id} memberName={`${author.displayName} (@${author.username})`} level={author.trustLevel} />
                    )}
                  </span>
                ),
              },
              { key: 'joined', label: T.joined, children: formatDate(author.joinedAt) },
              ...(author.suspendedUntil
                ? [{ key: 'suspended', label: TEXTS.reviewQueue.actions.suspend, children: T.suspendedUntil(formatDateTime(author.suspendedUntil)) }]
                : []),
            ]}
          />
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {T.recentItems}
          </Typography.Title>
          {author.recentItems.length === 0 ? (
            <Typography.Text type="secondary">{T.noRecentItems}</Typography.Text>
          ) : (
            <ul className="queue-context-list">
              {author.recentItems.map((i) => (
                <li key={`${i.type}-${i.id}`}>
                  <Typography.Text type="secondary">{TEXTS.admin.reportTargets[i.type]}:</Typography.Text>{' '}
                  <Link to={i.link}>{i.text.length > 90 ? `${i.text.slice(0, 89)}…` : i.text}</Link>{' '}
                  <Typography.Text type="secondary">
                    · {fromNow(i.createdAt)}
                    {i.isHidden ? ` · ${T.hidden}` : ''}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            {T.pastActions}
          </Typography.Title>
          {author.pastActions.length === 0 ? (
            <Typography.Text type="secondary">{T.noPastActions}</Typography.Text>
          ) : (
            <ul className="queue-context-list">
              {author.pastActions.map((p) => (
                <li key={p.id}>
                  <Tag>{A.auditActions[p.action] ?? p.action}</Tag>
                  {p.reason && <span>{p.reason} </span>}
                  <Typography.Text type="secondary">
                    · {p.actor ?? '—'} · {formatDateTime(p.createdAt)}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
