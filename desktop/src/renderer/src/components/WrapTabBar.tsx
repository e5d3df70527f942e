import { useRef } from 'react';
import { Tabs, theme, type TabsProps } from 'antd';

interface Item {
  key: string;
  label: React.ReactNode;
}
/** What antd's Tabs hands to `renderTabBar`. */
interface BarProps {
  id?: string;
  activeKey: string;
  onTabClick: (key: string, e: React.MouseEvent | React.KeyboardEvent) => void;
}

/**
 * A tab bar whose tabs wrap onto a second line when they do not fit. antd's own bar hides them behind a "more"
 * button that it puts inside the tablist, which assistive technology rejects (axe: aria-required-children).
 * Tabs follow the WAI-ARIA pattern: one tab in the tab order, arrows, Home and End move and select.
 * Give it an `id`: the ids tie each tab to antd's panel.
 */
export function WrapTabs(props: TabsProps & { id: string }) {
  const items = (props.items ?? []).map((i) => ({ key: i.key, label: i.label }));
  return <Tabs {...props} renderTabBar={(bar: BarProps) => <WrapTabBar items={items} {...bar} />} />;
}

function WrapTabBar({ items, id, activeKey, onTabClick }: BarProps & { items: Item[] }) {
  const { token } = theme.useToken();
  const list = useRef<HTMLDivElement>(null);
  const move = (e: React.KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = next < 0 ? last : next > last ? 0 : next;
    const item = items.at(target);
    if (!item) return;
    onTabClick(item.key, e);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[target]?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-orientation="horizontal"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginBottom: 16, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      {items.map((item, index) => {
        const active = item.key === activeKey;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={id && `${id}-tab-${item.key}`}
            aria-controls={id && `${id}-panel-${item.key}`}
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            onClick={(e) => onTabClick(item.key, e)}
            onKeyDown={(e) => move(e, index)}
            style={{
              padding: '8px 12px',
              marginBottom: -1,
              border: 0,
              background: 'none',
              cursor: 'pointer',
              font: 'inherit',
              color: active ? token.colorPrimaryText : token.colorText,
              borderBottom: `2px solid ${active ? token.colorPrimaryText : 'transparent'}`,
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
