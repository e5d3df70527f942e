import { theme } from 'antd';
import { SkeletonRow } from './lean/SkeletonRow';

/**
 * A card's list while it loads: grey lines (and round avatars) where the rows will be, so a
 * side card never says 'Veri Yok' or 'Yaklaşan etkinlik yok' before its answer has arrived.
 * Drawn by the lean `SkeletonRow`: antd's `Skeleton` would ride along in every visitor's first load.
 * With `lines`, each row is that many one-line texts (the theme's line height, 8 px below the row), as tall as a
 * list of one-line entries (see `ONE_LINE`) once it has loaded: the card does not grow and push what follows.
 */
export function ListSkeleton({ rows = 3, avatar = false, lines }: { rows?: number; avatar?: boolean; lines?: number }) {
  return (
    <div data-testid="list-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (lines ? <TextRowSkeleton key={i} lines={lines} /> : <SkeletonRow key={i} avatar={avatar} />))}
    </div>
  );
}

function TextRowSkeleton({ lines }: { lines: number }) {
  const { token } = theme.useToken();
  const bar = token.fontSize;
  const line = Math.round(token.fontSize * token.lineHeight);
  return (
    <div style={{ marginBottom: 8 }}>
      {Array.from({ length: lines }, (_, j) => (
        // A line box of the text's height (padding, not margins: margins of stacked bars would collapse).
        <div key={j} style={{ height: line, paddingBlock: (line - bar) / 2, boxSizing: 'border-box' }}>
          <span
            className="lean-skeleton"
            style={{ display: 'block', width: j ? '70%' : '90%', height: bar, borderRadius: 4, background: token.colorFillContent }}
          />
        </div>
      ))}
    </div>
  );
}

/** One line of text, cut with an ellipsis: a list entry of known height, which its skeleton (`lines`) reserves. */
export const ONE_LINE: React.CSSProperties = { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };
