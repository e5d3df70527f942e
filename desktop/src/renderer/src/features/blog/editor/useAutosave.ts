import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { call } from '../../../api/call';
import { autosaveBody, clearLocalDraft, draftKey, isSavable, writeLocalDraft, type DraftFields } from './localDraft';

/**
 * What the editor tells about its save: `saving` from the first change until the server confirms; `saved` once it has;
 * `offline` and `failed` while the changes wait on this device; `needsTitle` for a new post the server cannot take yet;
 * `published` for a published post, which changes only when its editor presses Yayınla (its edits wait on this device).
 */
export type SaveState = 'idle' | 'saving' | 'saved' | 'offline' | 'failed' | 'needsTitle' | 'published';

/** The server gets the changes this long after the last keystroke, and at the latest this long after the first. */
const QUIET_MS = 1500;
const MAX_WAIT_MS = 5000;
/** A save that found no server is tried again this often while the browser believes it is online. */
const RETRY_MS = 5000;

/**
 * Saves the post being edited by itself: a copy on this device at every change, the server a moment later (a new post is
 * created as a draft once it has a title and a body; a draft is saved through its autosave endpoint, which never
 * publishes it). A lost connection keeps the changes here and sends them when the browser is back online.
 */
export function useAutosave(opts: {
  postId: number | undefined;
  published: boolean;
  read: () => DraftFields;
  onCreated: (post: { id: number; slug: string }) => void;
}) {
  const [state, setState] = useState<SaveState>('idle');
  const postId = useRef(opts.postId);
  const published = useRef(opts.published);
  const latest = useRef(opts);
  latest.current = opts;
  const revision = useRef(0);
  const confirmed = useRef(0);
  const firstUnsaved = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<Promise<void> | null>(null);

  useEffect(() => {
    if (opts.postId !== undefined) postId.current = opts.postId;
  }, [opts.postId]);
  useEffect(() => {
    published.current = opts.published;
  }, [opts.published]);

  const schedule = useCallback((delay?: number) => {
    clearTimeout(timer.current);
    const first = firstUnsaved.current ?? Date.now();
    const wait = delay ?? Math.max(0, Math.min(QUIET_MS, first + MAX_WAIT_MS - Date.now()));
    timer.current = setTimeout(() => void saveRef.current(), wait);
  }, []);

  const save = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (inflight.current) {
      await inflight.current;
      if (revision.current !== confirmed.current) schedule();
      return;
    }
    if (revision.current === confirmed.current) return;
    if (published.current) return setState('published');
    if (!navigator.onLine) return setState('offline');
    const rev = revision.current;
    const fields = latest.current.read();
    if (!isSavable(fields)) return setState('needsTitle');
    setState('saving');
    inflight.current = (async () => {
      try {
        const body = autosaveBody(fields);
        if (postId.current === undefined) {
          const created = await call('POST /api/blog/posts', { body: { ...body, published: false } });
          postId.current = created.id;
          clearLocalDraft(draftKey(undefined));
          latest.current.onCreated(created);
        } else {
          await call('PATCH /api/blog/posts/:id/autosave', { params: { id: postId.current }, body });
        }
        if (revision.current === rev) {
          confirmed.current = rev;
          firstUnsaved.current = null;
          clearLocalDraft(draftKey(postId.current));
          setState('saved');
        } else {
          // Typed on while it was saving: this copy is the newest, the rest follows.
          writeLocalDraft(draftKey(postId.current), { fields: latest.current.read(), savedAt: new Date().toISOString() });
          schedule();
        }
      } catch (err) {
        if (err instanceof ApiError && err.code === 'blog_post_published') {
          published.current = true;
          setState('published');
        } else if (!navigator.onLine || (err instanceof ApiError && (err.code === 'network' || err.status >= 500))) {
          setState(navigator.onLine ? 'failed' : 'offline');
          if (navigator.onLine) schedule(RETRY_MS);
        } else {
          setState('failed');
        }
      } finally {
        inflight.current = null;
      }
    })();
    await inflight.current;
  }, [schedule]);
  const saveRef = useRef(save);
  saveRef.current = save;

  /** Every change: this device's copy now, the server's in a moment. */
  const changed = useCallback(() => {
    revision.current += 1;
    firstUnsaved.current ??= Date.now();
    writeLocalDraft(draftKey(postId.current), { fields: latest.current.read(), savedAt: new Date().toISOString() });
    if (published.current) return setState('published');
    if (!navigator.onLine) return setState('offline');
    setState('saving');
    schedule();
  }, [schedule]);

  /** Lets a save under way finish and stops the next, before the editor's own save (so an older autosave never lands after it). */
  const settle = useCallback(async () => {
    clearTimeout(timer.current);
    if (inflight.current) await inflight.current;
    clearTimeout(timer.current);
  }, []);

  /** The editor's own save went through: nothing waits on this device any more. */
  const confirm = useCallback((id: number) => {
    postId.current = id;
    confirmed.current = revision.current;
    firstUnsaved.current = null;
    clearLocalDraft(draftKey(id));
    clearLocalDraft(draftKey(undefined));
    setState('saved');
  }, []);

  useEffect(() => {
    const online = () => {
      if (revision.current !== confirmed.current) void saveRef.current();
    };
    const offline = () => {
      if (revision.current !== confirmed.current && !published.current) setState('offline');
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      // Leaving the editor within the quiet moment: what waits goes now (the copy on this device stays until it lands).
      if (revision.current !== confirmed.current) void saveRef.current();
      clearTimeout(timer.current);
    };
  }, []);

  /** The post the changes go to: undefined until a new post has been created. */
  const currentPostId = useCallback(() => postId.current, []);

  return { state, changed, settle, confirm, postId: currentPostId };
}
