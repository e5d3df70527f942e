import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { TEXTS } from '@mahalle/shared';

const T = TEXTS.triage;

/** The last decision that can still be undone: its label and until when (the server's undoUntil, in ms). */
export interface Undoable {
  actionId: number;
  label: string;
  until: number;
}

/**
 * A toast at the bottom of the view while the last decision can be undone: what was done, the seconds left, and
 * "Geri al" (the `u` key does the same). It goes once the time is up.
 */
export function UndoBar({ undoable, onUndo, onExpire, busy }: { undoable: Undoable; onUndo(): void; onExpire(): void; busy: boolean }) {
  const left = () => Math.max(0, Math.ceil((undoable.until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s <= 0) onExpire();
    }, 250);
    return () => clearInterval(timer);
    // A new decision replaces the bar's clock.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [undoable.actionId, undoable.until]);
  return (
    <div className="queue-undo" role="status" data-testid="queue-undo">
      <span>
        <strong>{undoable.label}</strong> · {T.undoIn(seconds)}
      </span>
      <Button size="small" type="primary" onClick={onUndo} loading={busy}>
        {T.undo}
      </Button>
    </div>
  );
}
