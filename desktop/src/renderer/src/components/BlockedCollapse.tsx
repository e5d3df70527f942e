import { useState, type ReactNode } from 'react';
import { TEXTS } from '@mahalle/shared';
import { LeanButton } from './lean/LeanButton';
import { Secondary } from './lean/Secondary';

/**
 * Content by someone the viewer blocked, in a shared space (groups, Q&A, blog comments): the
 * server flags it (`blockedAuthor`), and it stays collapsed as 'Engellediğin bir üye' until asked
 * for. Lean components only: the pages it sits in paint without antd's heavier parts.
 */
export function BlockedCollapse({ blocked, children }: { blocked: boolean | undefined; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  if (!blocked) return <>{children}</>;
  return (
    <div data-testid="blocked-collapse">
      <Secondary>{TEXTS.blocks.collapsed}</Secondary>{' '}
      <LeanButton type="text" size="small" onClick={() => setShown((s) => !s)} aria-expanded={shown}>
        {shown ? TEXTS.blocks.hide : TEXTS.blocks.show}
      </LeanButton>
      {shown && <div style={{ marginTop: 4 }}>{children}</div>}
    </div>
  );
}
