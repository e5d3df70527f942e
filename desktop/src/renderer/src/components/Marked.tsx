import type { SearchSegment } from '@mahalle/shared';

/**
 * A search hit's title or snippet: the words the query matched in `<mark>`, the rest as text. Segments are
 * plain text from the server and are only ever rendered as text (React escapes them), never as HTML.
 */
export function Marked({ segments }: { segments: readonly SearchSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.mark ? (
          <mark key={i} className="search-mark">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

/** The segments' text without marks (an option's accessible name, a page title). */
export const plainText = (segments: readonly SearchSegment[]) => segments.map((s) => s.text).join('');
