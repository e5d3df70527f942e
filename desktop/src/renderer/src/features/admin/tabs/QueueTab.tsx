import { useEffect, useRef, useState } from 'react';
import { Button, Card, Checkbox, Grid, Space, Typography } from 'antd';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { LIMITS, TEXTS, type ReviewQueuePage } from '@mahalle/shared';
import { ApiError, errorMessage } from '../../../api/client';
import { claimEntry, queueKeys, releaseEntry, useDecide, useReviewQueue, useUndo, type Decision, type ReviewEntry } from '../../../api/review-queue';
import { useApp } from '../../../components/LazyFeedback';
import { fromNow } from '../../../components/time';
import { anyDialogOpen, moveSelection, triageCommand, type TriageCommand } from '../queue/keys';
import { EntryDetail, EntryTags, entryName } from '../queue/EntryDetail';
import { ShortcutsDialog } from '../queue/ShortcutsDialog';
import { UndoBar, type Undoable } from '../queue/UndoBar';
import { DecisionDialog, type Asking } from '../queue/DecisionDialog';
import '../queue/queue.css';

const T = TEXTS.triage;
const Q = TEXTS.reviewQueue;
const FAILED = 'İşlem başarısız oldu';

/** A claim is asked for once the selection has rested on an entry this long (j held down does not claim every row). */
const CLAIM_AFTER_MS = 300;

type Cache = InfiniteData<ReviewQueuePage, string | undefined>;

/**
 * The review queue, keyboard first: the entries in the server's order (most reported, then oldest) on the left, the
 * selected one's context on the right; j/k move, a/h/w/s decide, x marks for a bulk decision, u undoes, ? lists the
 * keys (queue/keys.ts). Selecting an entry claims it after a moment and moving on releases it, so two moderators do not
 * work the same entry; an entry another moderator holds says who. Below `md` each entry is a card with its buttons
 * (a phone has no keyboard), and the tapped card opens its context.
 */
export default function QueueTab() {
  const queue = useReviewQueue();
  const entries = queue.entries;
  const qc = useQueryClient();
  const { message } = useApp();
  const phone = Grid.useBreakpoint().md === false;
  const decide = useDecide();
  const undo = useUndo();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [marked, setMarked] = useState<number[]>([]);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [help, setHelp] = useState(false);
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const lastIndex = useRef(0);
  // Entries this view claimed, released when the selection moves on (a claim otherwise lasts minutes).
  const claimedHere = useRef(new Set<number>());

  const index = selectedId === null ? -1 : entries.findIndex((e) => e.id === selectedId);
  const selected = index >= 0 ? entries[index] : undefined;
  if (index >= 0) lastIndex.current = index;

  // The selected entry left the queue (decided here or by another moderator): the one now in its place is selected.
  useEffect(() => {
    if (selectedId === null || index >= 0) return;
    const next = entries.at(Math.min(lastIndex.current, entries.length - 1));
    setSelectedId(next ? next.id : null);
  }, [entries, selectedId, index]);

  // Marks of entries that left the queue go too.
  useEffect(() => {
    setMarked((m) => {
      const kept = m.filter((id) => entries.some((e) => e.id === id));
      return kept.length === m.length ? m : kept;
    });
  }, [entries]);

  const patch = (update: (items: ReviewEntry[]) => ReviewEntry[]) =>
    qc.setQueryData<Cache>(queueKeys.all, (d) => d && { ...d, pages: d.pages.map((p) => ({ ...p, items: update(p.items) })) });
  const setClaim = (id: number, claim: ReviewEntry['claim']) => patch((items) => items.map((e) => (e.id === id ? { ...e, claim } : e)));
  const refresh = () => void qc.invalidateQueries({ queryKey: queueKeys.all });

  // Claim on focus: an unheld entry is claimed once the selection rests on it.
  const unheld = selected !== undefined && selected.claim === null;
  useEffect(() => {
    if (selectedId === null || !unheld) return;
    const id = selectedId;
    const timer = setTimeout(() => {
      claimEntry(id).then(
        ({ claim }) => {
          claimedHere.current.add(id);
          setClaim(id, claim);
        },
        // Another moderator was quicker (409) or the entry is gone: the list says so once refreshed.
        refresh,
      );
    }, CLAIM_AFTER_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId, unheld]);

  // Moving on releases the claim this view took on the entry left behind.
  useEffect(() => {
    const id = selectedId;
    const held = claimedHere.current;
    return () => {
      if (id === null || !held.delete(id)) return;
      releaseEntry(id).then(
        () => setClaim(id, null),
        () => undefined,
      );
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  // Leaving the queue releases the claim still held.
  useEffect(() => {
    const held = claimedHere.current;
    return () => {
      for (const id of held) void releaseEntry(id).catch(() => undefined);
      held.clear();
    };
  }, []);

  // The selected row stays in view as j/k move.
  useEffect(() => {
    if (selectedId !== null) document.getElementById(`queue-entry-${selectedId}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  const select = (i: number) => {
    const e = entries.at(i);
    if (e) setSelectedId(e.id);
  };
  const toggleMark = (id: number) => setMarked((m) => (m.includes(id) ? m.filter((x) => x !== id) : [...m, id]));

  /** Decides on `ids` in one request; the decided entries leave the list at once, and the undo toast starts. */
  const run = (ids: number[], decision: Decision): Promise<boolean> => {
    if (ids.length === 0 || decide.isPending) return Promise.resolve(false);
    return decide.mutateAsync({ ids, ...decision }).then(
      (result) => {
        for (const id of result.entryIds) claimedHere.current.delete(id);
        patch((items) => items.filter((e) => !result.entryIds.includes(e.id)));
        setMarked((m) => m.filter((id) => !result.entryIds.includes(id)));
        const appeal = ids.length === 1 && entries.find((e) => e.id === ids[0])?.kind === 'appeal';
        const done = appeal
          ? decision.action === 'approve'
            ? TEXTS.appeals.upheldDone
            : TEXTS.appeals.rejectedDone
          : (T.done[decision.action] ?? decision.action);
        setUndoable({
          actionId: result.actionId,
          label: result.entryIds.length > 1 ? T.bulkDone(result.entryIds.length, done) : done,
          // The server's clock decides; this one counts down the same ten seconds from the answer, less a moment for the trip.
          until: Date.now() + LIMITS.queueUndoSeconds * 1000 - 500,
        });
        return true;
      },
      (err: unknown) => {
        message.error(errorMessage(err, FAILED));
        // Held by another moderator or already decided: the list is refreshed and the next entry selected.
        if (err instanceof ApiError && (err.code === 'queue_entry_claimed' || err.code === 'queue_entry_closed' || err.code === 'queue_entry_not_found')) {
          refresh();
          if (ids.length === 1 && ids[0] === selectedId) select(Math.min(index + 1, entries.length - 1));
        }
        return false;
      },
    );
  };

  /** a and h act on the marked entries when there are any, else on the selected one. */
  const targets = (entry?: ReviewEntry) => (entry ? [entry.id] : marked.length ? marked : selected ? [selected.id] : []);

  const ask = (action: 'warn' | 'suspend', entry = selected) => {
    if (!entry) return;
    // An appeal is upheld (a) or rejected (h); the member is not warned or suspended from it.
    if (entry.kind === 'appeal') {
      message.warning(Q.appealActionInvalid);
      return;
    }
    if (!entry.author) {
      message.warning(T.noAuthor);
      return;
    }
    setAsking({ action, ids: [entry.id], name: entryName(entry) });
  };

  const runUndo = () => {
    if (!undoable || Date.now() > undoable.until || undo.isPending) return;
    undo.mutateAsync(undoable.actionId).then(
      () => void message.success(T.undone),
      (err: unknown) => void message.error(errorMessage(err, FAILED)),
    );
    setUndoable(null);
  };

  const command = (cmd: TriageCommand) => {
    switch (cmd) {
      case 'next':
      case 'prev':
        select(moveSelection(index, cmd, entries.length));
        // The last loaded entry reached: the next page comes.
        if (cmd === 'next' && index >= entries.length - 2 && queue.hasMore) queue.more();
        return;
      case 'approve':
        return void run(targets(), { action: 'approve' });
      case 'hide':
        return void run(targets(), { action: 'hide', reason: TEXTS.moderation.noReason });
      case 'warn':
      case 'suspend':
        return ask(cmd);
      case 'undo':
        return runUndo();
      case 'toggle':
        if (selected) toggleMark(selected.id);
        return;
      case 'help':
        return setHelp(true);
    }
  };
  const onCommand = useRef(command);
  onCommand.current = command;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const cmd = triageCommand(e, { dialogOpen: anyDialogOpen(document) });
      if (!cmd) return;
      e.preventDefault();
      onCommand.current(cmd);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const actionButtons = (entry: ReviewEntry, withKeys: boolean) =>
    entry.kind === 'appeal' ? (
      <Space wrap>
        <Button size="small" type="primary" onClick={() => void run([entry.id], { action: 'approve' })} aria-keyshortcuts={withKeys ? 'a' : undefined}>
          {TEXTS.appeals.uphold}
        </Button>
        <Button
          size="small"
          danger
          onClick={() => void run([entry.id], { action: 'hide', reason: TEXTS.moderation.noReason })}
          aria-keyshortcuts={withKeys ? 'h' : undefined}
        >
          {TEXTS.appeals.reject}
        </Button>
      </Space>
    ) : (
      <Space wrap>
        <Button size="small" type="primary" onClick={() => void run([entry.id], { action: 'approve' })} aria-keyshortcuts={withKeys ? 'a' : undefined}>
          {Q.actions.approve}
        </Button>
        <Button
          size="small"
          onClick={() => void run([entry.id], { action: 'hide', reason: TEXTS.moderation.noReason })}
          disabled={!entry.target.exists || entry.target.type === 'user'}
          aria-keyshortcuts={withKeys ? 'h' : undefined}
        >
          {Q.actions.hide}
        </Button>
        <Button size="small" onClick={() => ask('warn', entry)} disabled={!entry.author} aria-keyshortcuts={withKeys ? 'w' : undefined}>
          {Q.actions.warn}
        </Button>
        <Button size="small" danger onClick={() => ask('suspend', entry)} disabled={!entry.author} aria-keyshortcuts={withKeys ? 's' : undefined}>
          {Q.actions.suspend}
        </Button>
      </Space>
    );

  const toolbar = (
    <div className="queue-toolbar">
      <Typography.Text type="secondary" aria-live="polite">
        {queue.loading ? TEXTS.resilience.loading : T.count(queue.total)}
        {marked.length > 0 && ` · ${T.selected(marked.length)}`}
      </Typography.Text>
      {marked.length > 0 && (
        <Space wrap>
          <Button size="small" onClick={() => void run(marked, { action: 'approve' })}>
            {T.bulkApprove}
          </Button>
          <Button size="small" onClick={() => void run(marked, { action: 'hide', reason: TEXTS.moderation.noReason })}>
            {T.bulkHide}
          </Button>
          <Button size="small" onClick={() => setMarked([])}>
            {T.clearSelection}
          </Button>
        </Space>
      )}
      {!phone && (
        <Button size="small" onClick={() => setHelp(true)} aria-keyshortcuts="?" data-testid="queue-help">
          {T.shortcutsButton}
        </Button>
      )}
    </div>
  );

  const more = queue.hasMore && (
    <Button block onClick={queue.more} loading={queue.loadingMore} style={{ marginTop: 8 }}>
      {T.more}
    </Button>
  );

  return (
    <div className="queue" data-testid="review-queue">
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {toolbar}
      {!queue.loading && entries.length === 0 && <Typography.Paragraph>{T.empty}</Typography.Paragraph>}
      {phone ? (
        <ul className="queue-cards">
          {entries.map((e) => (
            <li key={e.id}>
              <Card
                size="small"
                data-testid="queue-card"
                title={
                  <span className="queue-card-title">
                    <Checkbox checked={marked.includes(e.id)} onChange={() => toggleMark(e.id)} aria-label={`${T.select}: ${entryName(e)}`} />
                    <EntryTags entry={e} />
                  </span>
                }
              >
                <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ marginBottom: 4 }}>
                  {e.target.preview}
                </Typography.Paragraph>
                {e.author && (
                  <Typography.Text type="secondary">
                    {e.author.displayName} · {TEXTS.trust.levels[e.author.trustLevel]} · {fromNow(e.queuedAt)}
                  </Typography.Text>
                )}
                <div style={{ marginTop: 8 }}>{actionButtons(e, false)}</div>
                <Button
                  type="link"
                  size="small"
                  style={{ paddingInline: 0 }}
                  onClick={() => setSelectedId(selectedId === e.id ? null : e.id)}
                  aria-expanded={selectedId === e.id}
                >
                  {T.detail}
                </Button>
                {selectedId === e.id && <EntryDetail entry={e} />}
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <div className="queue-split">
          <div>
            <ul
              className="queue-list"
              role="listbox"
              tabIndex={0}
              aria-label={T.listLabel}
              aria-activedescendant={selected ? `queue-entry-${selected.id}` : undefined}
              aria-keyshortcuts="j k a h w s u x ?"
              data-testid="queue-list"
            >
              {entries.map((e, i) => (
                <li
                  key={e.id}
                  id={`queue-entry-${e.id}`}
                  role="option"
                  aria-selected={e.id === selectedId}
                  aria-checked={marked.includes(e.id)}
                  className="queue-row"
                  onClick={() => select(i)}
                  data-testid="queue-row"
                >
                  <span className="queue-mark" aria-hidden>
                    {marked.includes(e.id) ? '☑' : '☐'}
                  </span>
                  <span className="queue-row-body">
                    <EntryTags entry={e} />
                    <span className="queue-preview">{e.target.preview}</span>
                    <Typography.Text type="secondary" className="queue-meta">
                      {e.author ? `${e.author.displayName} · ${TEXTS.trust.levels[e.author.trustLevel]} · ` : ''}
                      {fromNow(e.queuedAt)}
                    </Typography.Text>
                  </span>
                </li>
              ))}
            </ul>
            {more}
          </div>
          <section className="queue-detail-pane" aria-labelledby={selected ? 'queue-detail-title' : undefined}>
            {selected ? (
              <>
                <EntryDetail entry={selected} headingId="queue-detail-title" />
                {actionButtons(selected, true)}
              </>
            ) : (
              <Typography.Text type="secondary">{T.selectPrompt}</Typography.Text>
            )}
          </section>
        </div>
      )}
      {phone && more}
      {undoable && <UndoBar undoable={undoable} onUndo={runUndo} onExpire={() => setUndoable(null)} busy={undo.isPending} />}
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
      {asking && (
        <DecisionDialog
          asking={asking}
          busy={decide.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={(d) =>
            void run(asking.ids, { action: asking.action, ...d }).then((ok) => {
              if (ok) setAsking(null);
            })
          }
        />
      )}
    </div>
  );
}
