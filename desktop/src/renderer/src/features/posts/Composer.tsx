import { Suspense, useEffect, useRef, useState } from 'react';
import { theme } from 'antd';
import { LeanButton as Button } from '../../components/lean/LeanButton';
import { LeanCard as Card } from '../../components/lean/LeanCard';
import { LeanTag as Tag } from '../../components/lean/LeanTag';
import { LazySelect as Select, SelectStandIn } from '../../components/LazySelect';
import { NeighbourhoodSelect } from '../places/PlaceFields';
import { useApp } from '../../components/LazyFeedback';
import { PictureOutlined, VideoCameraOutlined, CloseOutlined } from '@ant-design/icons';
import { charCount, extractHashtags, extractMentions, LIMITS, TEXTS } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useCreatePost } from '../../api/posts';
import { useSession, useUi } from '../../stores/session';
import { useConnection } from '../../stores/connection';
import { UserAvatar } from '../../components/common';
import { useCategories } from '../../api/meta';
import { trustKeys, useMyTrust } from '../../api/trust';
import { useQueryClient } from '@tanstack/react-query';

/** How long a video lasts, read by the browser before anything is uploaded. */
export function videoDuration(file: File): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      URL.revokeObjectURL(url);
      resolve(video.duration);
    };
    video.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(Number.NaN);
    };
    video.src = url;
  });
}

export function Composer() {
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  // Offline the feed is the one the service worker kept: read-only.
  const offline = useConnection((s) => s.offline);
  const focusTick = useUi((s) => s.composerFocusTick);
  const { message, notification } = useApp();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [file, setFile] = useState<{ kind: 'image' | 'video'; file: File; preview: string } | null>(null);
  const [categoryId, setCategoryId] = useState<number | undefined>();
  // None by default: tagging a post with a place is the author's choice each time (their own may be private).
  const [neighbourhoodId, setNeighbourhoodId] = useState<number | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const { data: categories = [] } = useCategories();
  const genel = categories.find((c) => c.name === 'Genel');

  const composerFocused = useUi((s) => s.composerFocused);
  useEffect(() => {
    if (focusTick > 0) {
      // Taken once: a later visit to the page does not open the composer by itself.
      composerFocused();
      setExpanded(true);
      setTimeout(() => textRef.current?.focus(), 50);
    }
  }, [focusTick, composerFocused]);

  // A new member sees what their level still limits and what the next one needs (read once the composer opens).
  const trust = useMyTrust(expanded).data;
  const queryClient = useQueryClient();
  const create = useCreatePost();
  const send = () => {
    const form = new FormData();
    form.append('content', text);
    if (categoryId ?? genel?.id) form.append('categoryId', String(categoryId ?? genel?.id));
    form.append('type', file?.kind ?? 'text');
    if (neighbourhoodId) form.append('neighbourhoodId', String(neighbourhoodId));
    if (file) form.append(file.kind, file.file);
    create.mutate(form, {
      onSuccess: (post) => {
        // A watched word held it: only its author sees it, waiting for a moderator.
        if (post.pendingApproval) notification.info({ message: TEXTS.watchedWords.pending, description: TEXTS.watchedWords.pendingNotice });
        else notification.success({ message: 'Gönderi paylaşıldı', description: 'Gönderiniz başarıyla paylaşıldı' });
        setText('');
        setFile(null);
        setCategoryId(undefined);
        setNeighbourhoodId(null);
        setExpanded(false);
        // Promotion happens on write: the next read shows the new level.
        void queryClient.invalidateQueries({ queryKey: trustKeys.mine });
      },
      // The text stays in the box when sending fails.
      onError: (err) => notification.error({ message: TEXTS.errors.title, description: errorMessage(err, 'Gönderi paylaşılamadı') }),
    });
  };

  if (!user) return null;
  const count = charCount(text);
  const tags = extractHashtags(text);
  const mentions = extractMentions(text);
  const submit = () => {
    if (!text.trim() && !file) {
      message.warning(TEXTS.social.postTextRequired);
      return;
    }
    if (count > LIMITS.postContentMax || create.isPending) return;
    send();
  };
  const pick = async (kind: 'image' | 'video', f: File | undefined) => {
    if (!f) return;
    if (kind === 'image') {
      if (!f.type.startsWith('image/')) return message.error(TEXTS.social.imageOnly);
      if (f.size > LIMITS.imageMaxBytes) return message.error(TEXTS.social.imageTooLarge);
    } else {
      const seconds = await videoDuration(f);
      if (!(seconds <= LIMITS.videoMaxSeconds)) return message.error(TEXTS.social.videoTooLong);
    }
    // An image replaces a video and a video replaces an image.
    setFile({ kind, file: f, preview: URL.createObjectURL(f) });
  };
  /** The hidden file input its button opens; emptied after each pick, so the same file can be picked again. */
  const fileInput = (kind: 'image' | 'video', ref: React.RefObject<HTMLInputElement | null>) => (
    <input
      ref={ref}
      type="file"
      accept={`${kind}/*`}
      hidden
      onChange={(e) => {
        void pick(kind, e.target.files?.[0]);
        e.target.value = '';
      }}
      data-testid={kind === 'image' ? 'image-input' : undefined}
    />
  );

  return (
    <Card style={{ marginBottom: 16 }} data-testid="composer">
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <UserAvatar user={user} />
        <div style={{ flex: 1, minWidth: 0 }}>
          {/* antd's auto-sizing TextArea drawn by the browser (styles.css, .lean-textarea): its code would ride along
              with every member's `/`. */}
          <textarea
            ref={textRef}
            className="lean-textarea"
            value={text}
            placeholder="Ne düşünüyorsun..."
            aria-label="Ne düşünüyorsun..."
            rows={expanded ? 3 : 1}
            onFocus={() => setExpanded(true)}
            onChange={(e) => setText(Array.from(e.target.value).slice(0, LIMITS.postContentMax).join(''))}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                submit();
              }
            }}
          />
          {(tags.length > 0 || mentions.length > 0) && (
            <div style={{ marginTop: 8 }}>
              {tags.map((t) => (
                <Tag key={`h-${t}`} color="purple" style={{ marginInlineEnd: 8 }}>
                  #{t}
                </Tag>
              ))}
              {mentions.map((m) => (
                <Tag key={`m-${m}`} color="blue" style={{ marginInlineEnd: 8 }}>
                  @{m}
                </Tag>
              ))}
            </div>
          )}
          {file && (
            <div style={{ position: 'relative', marginTop: 8, display: 'inline-block' }}>
              {file.kind === 'image' ? (
                <img src={file.preview} alt="Seçilen görsel" style={{ maxHeight: 200, borderRadius: 8 }} />
              ) : (
                <video src={file.preview} style={{ maxHeight: 200 }} controls />
              )}
              <Button
                size="small"
                shape="circle"
                icon={<CloseOutlined />}
                aria-label="Dosyayı kaldır"
                style={{ position: 'absolute', top: 4, right: 4 }}
                onClick={() => setFile(null)}
              />
            </div>
          )}
          {offline && (
            <div role="note" data-testid="composer-offline" style={{ marginTop: 8, color: token.colorTextDescription }}>
              {TEXTS.pwa.composerOffline}
            </div>
          )}
          {expanded && trust && trust.level === 0 && (
            <div
              data-testid="trust-hint"
              role="note"
              style={{
                marginTop: 8,
                padding: '8px 12px',
                borderRadius: 8,
                border: `1px solid ${token.colorInfoBorder}`,
                background: token.colorInfoBg,
              }}
            >
              <strong>{`Güven seviyen: ${trust.name}`}</strong>
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                {trust.restrictions.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
              {trust.next && (
                <div style={{ color: token.colorTextSecondary }}>
                  {trust.next.summary}
                  {trust.next.daysLeft > 0 || trust.next.postsLeft > 0
                    ? ` (${[trust.next.daysLeft > 0 ? TEXTS.trust.daysLeft(trust.next.daysLeft) : '', trust.next.postsLeft > 0 ? TEXTS.trust.postsLeft(trust.next.postsLeft) : ''].filter(Boolean).join(', ')})`
                    : ''}
                </div>
              )}
            </div>
          )}
          {expanded && (
            <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginTop: 8 }}>
              <Suspense fallback={<SelectStandIn label="Kategori" style={{ minWidth: 140, width: 'auto' }} />}>
                <Select
                  aria-label="Kategori"
                  style={{ minWidth: 140 }}
                  value={categoryId ?? genel?.id}
                  onChange={setCategoryId}
                  options={categories.map((c) => ({ value: c.id, label: c.name }))}
                />
              </Suspense>
              <div style={{ minWidth: 180 }}>
                <NeighbourhoodSelect value={neighbourhoodId} onChange={setNeighbourhoodId} />
              </div>
              {fileInput('image', imageInput)}
              {fileInput('video', videoInput)}
              <Button icon={<PictureOutlined />} onClick={() => imageInput.current?.click()}>
                Görsel
              </Button>
              <Button icon={<VideoCameraOutlined />} onClick={() => videoInput.current?.click()}>
                Video
              </Button>
              <div style={{ flex: 1 }} />
              <span style={{ color: count > LIMITS.postContentMax - 20 ? token.colorErrorText : token.colorTextDescription }}>
                {count}/{LIMITS.postContentMax}
              </span>
              <Button
                type="primary"
                onClick={submit}
                loading={create.isPending}
                disabled={offline || (!text.trim() && !file) || count > LIMITS.postContentMax || create.isPending}
              >
                Paylaş
              </Button>
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
