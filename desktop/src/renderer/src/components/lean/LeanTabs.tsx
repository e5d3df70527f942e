import { useRef, useState } from 'react';
import { theme } from 'antd';

/**
 * antd's `Tabs` drawn from the theme's tokens (the tabs, the line under them, the active tab's colour and bar), as
 * the WAI-ARIA tabs pattern: one tab in the tab order, arrows, Home and End move and select. Tabs wrap onto a second
 * line instead of hiding behind a 'more' button. A panel renders when first shown and then stays mounted (hidden),
 * as antd's do, so that what was typed or opened in it is kept.
 */
export function LeanTabs({
  id,
  items,
  defaultActiveKey,
  activeKey,
  onChange,
}: {
  id: string;
  items: { key: string; label: React.ReactNode; children: React.ReactNode }[];
  defaultActiveKey?: string;
  /** The shown tab when the page holds it (with `onChange`), as antd's `activeKey`. */
  activeKey?: string;
  onChange?: (key: string) => void;
}) {
  const { token } = theme.useToken();
  const [own, setOwn] = useState(defaultActiveKey ?? items.at(0)?.key ?? '');
  const active = activeKey ?? own;
  const [seen, setSeen] = useState(() => new Set([active]));
  if (!seen.has(active)) setSeen(new Set([...seen, active]));
  const list = useRef<HTMLDivElement>(null);
  const select = (key: string) => {
    setOwn(key);
    onChange?.(key);
  };
  const move = (e: React.KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next = ({ ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: last } as Record<string, number>)[
      e.key
    ];
    if (next === undefined) return;
    e.preventDefault();
    const target = next < 0 ? last : next > last ? 0 : next;
    const item = items.at(target);
    if (!item) return;
    select(item.key);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[target]?.focus();
  };
  return (
    <div>
      <div
        ref={list}
        role="tablist"
        aria-orientation="horizontal"
        style={{ display: 'flex', flexWrap: 'wrap', columnGap: 32, marginBottom: 16, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        {items.map((item, index) => {
          const on = item.key === active;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              className="lean-tab"
              id={`${id}-tab-${item.key}`}
              aria-controls={`${id}-panel-${item.key}`}
              aria-selected={on}
              tabIndex={on ? 0 : -1}
              onClick={() => select(item.key)}
              onKeyDown={(e) => move(e, index)}
              style={
                {
                  padding: `${token.paddingSM}px 0`,
                  marginBottom: -1,
                  border: 0,
                  background: 'none',
                  cursor: 'pointer',
                  font: 'inherit',
                  fontSize: token.fontSize,
                  lineHeight: token.lineHeight,
                  color: on ? token.colorLink : token.colorText,
                  borderBottom: `2px solid ${on ? token.colorLink : 'transparent'}`,
                  '--lt-hover': token.colorLinkHover,
                } as React.CSSProperties
              }
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map(
        (item) =>
          seen.has(item.key) && (
            <div key={item.key} role="tabpanel" id={`${id}-panel-${item.key}`} aria-labelledby={`${id}-tab-${item.key}`} hidden={item.key !== active}>
              {item.children}
            </div>
          ),
      )}
    </div>
  );
}
