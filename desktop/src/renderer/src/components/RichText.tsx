import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { foldKey, HASHTAG_RE, MENTION_RE } from '@mahalle/shared';

/**
 * Post text with mentions linked to /user/{name} and hashtags highlighted. `mentions`: the
 * usernames the server linked (a mention across a block is not among them, so it stays text);
 * without it every @name links.
 */
export function RichText({ text, onHashtag, mentions }: { text: string; onHashtag?: (tag: string) => void; mentions?: readonly string[] }) {
  const linkable = mentions ? new Set(mentions.map(foldKey)) : null;
  const re = new RegExp(`${HASHTAG_RE.source}|${MENTION_RE.source}`, 'g');
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const index = m.index ?? 0;
    parts.push(text.slice(last, index));
    // One of the two groups matched: the hashtag's word (1) or the mentioned name (2).
    const [, tag, name] = m;
    if (name !== undefined && linkable && !linkable.has(foldKey(name))) parts.push(m[0]);
    else if (name !== undefined)
      parts.push(
        <Link key={index} to={`/user/${name}`}>
          {m[0]}
        </Link>,
      );
    else if (tag !== undefined)
      parts.push(
        <button key={index} type="button" className="link-button" onClick={() => onHashtag?.(tag)}>
          {m[0]}
        </button>,
      );
    last = index + m[0].length;
  }
  parts.push(text.slice(last));
  return (
    <span className="rich-text" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {parts.map((p, i) => (
        <Fragment key={i}>{p}</Fragment>
      ))}
    </span>
  );
}
