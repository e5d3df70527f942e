import { useRef, useState } from 'react';
import { theme } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useTheme } from '../stores/session';
import { tintedTag } from '../theme';

/**
 * Light stand-ins for antd's `Card` and `List` on the shell and the visitor home: the same look from the theme's
 * tokens, without the code antd's versions bring along (tabs for `Card`, pagination and select for `List`), so a
 * visitor's `/` stays small.
 */
export function LightCard({
  title,
  extra,
  children,
  style,
  className,
  size,
  cover,
  ...rest
}: {
  title?: React.ReactNode;
  /** Above the head, as antd's `cover` (an image, drawn the card's width). */
  cover?: React.ReactNode;
  extra?: React.ReactNode;
  children?: React.ReactNode;
  style?: React.CSSProperties;
  /** As antd's `size`: 'small' (38 px head, 12 px padding) or 'default' (56 px head, 24 px padding); unset, a small head over a default body. */
  size?: 'small' | 'default';
} & Omit<React.HTMLAttributes<HTMLDivElement>, 'title'>) {
  const { token } = theme.useToken();
  const large = size === 'default';
  const headed = Boolean(title || extra);
  const bodyPadding = size === 'small' ? token.paddingSM : large ? token.paddingLG : headed ? token.paddingSM : token.paddingLG;
  return (
    <div
      {...rest}
      className={className ? `light-card ${className}` : 'light-card'}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        ...style,
      }}
    >
      {cover && <div style={{ overflow: 'hidden', borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`, margin: -1 }}>{cover}</div>}
      {(title || extra) && (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: large ? 56 : 38,
            padding: `0 ${large ? token.paddingLG : token.paddingSM}px`,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            fontWeight: token.fontWeightStrong,
            fontSize: large ? token.fontSizeLG : token.fontSize,
          }}
        >
          <div style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</div>
          {extra && <div style={{ marginInlineStart: 'auto', fontWeight: 'normal' }}>{extra}</div>}
        </div>
      )}
      <div style={{ padding: bodyPadding }}>{children}</div>
    </div>
  );
}

/** A row of a light list: avatar, title and description, as antd's `List.Item.Meta` lays them out. */
export function LightListItem({
  avatar,
  title,
  description,
  actions,
  onClick,
  style,
  last,
}: {
  avatar?: React.ReactNode;
  title?: React.ReactNode;
  description?: React.ReactNode;
  /** At the row's end, as `List.Item`'s `actions`. */
  actions?: React.ReactNode;
  onClick?: () => void;
  style?: React.CSSProperties;
  last?: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <li
      onClick={onClick}
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: token.padding,
        padding: `${token.paddingSM}px 0`,
        borderBottom: last ? undefined : `1px solid ${token.colorSplit}`,
        ...style,
      }}
    >
      {avatar && <div style={{ flex: 'none' }}>{avatar}</div>}
      <div style={{ flex: 1, minWidth: 0 }}>
        {title && <div style={{ color: token.colorText, marginBottom: 4, lineHeight: token.lineHeight }}>{title}</div>}
        {description && <div style={{ color: token.colorTextDescription, lineHeight: token.lineHeight }}>{description}</div>}
      </div>
      {actions && <div style={{ flex: 'none', marginInlineStart: 48, alignSelf: 'center' }}>{actions}</div>}
    </li>
  );
}

export const LIGHT_LIST: React.CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

type ButtonLook = {
  type?: 'default' | 'primary' | 'text';
  size?: 'small' | 'middle' | 'large';
  /** antd's loading state: a turning icon in place of the button's own, and no clicks meanwhile. */
  loading?: boolean;
  ghost?: boolean;
  block?: boolean;
  shape?: 'circle';
  icon?: React.ReactNode;
};

/**
 * antd's `Button` drawn from the theme's tokens, without its wave effect and the collapse styles it brings along:
 * the buttons of the header, the visitor home and the error page. The colours go in as CSS variables so that
 * hover and focus (styles.css, `.light-btn`) follow the theme.
 */
export function LightButton({
  type = 'default',
  size = 'middle',
  ghost,
  block,
  shape,
  icon,
  loading,
  children,
  style,
  className,
  onClick,
  ...rest
}: ButtonLook & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  const { token } = theme.useToken();
  const large = size === 'large';
  const small = size === 'small';
  const height = large ? token.controlHeightLG : small ? token.controlHeightSM : token.controlHeight;
  if (loading) icon = <LoadingOutlined spin />;
  const look: Record<string, string | number> =
    type === 'primary'
      ? {
          '--lb-bg': token.colorPrimary,
          '--lb-bg-hover': token.colorPrimaryHover,
          '--lb-color': token.colorTextLightSolid,
          '--lb-color-hover': token.colorTextLightSolid,
          '--lb-border': 'transparent',
          '--lb-border-hover': 'transparent',
          '--lb-shadow': `0 2px 0 ${token.controlOutline}`,
        }
      : type === 'text'
        ? {
            '--lb-bg': 'transparent',
            '--lb-bg-hover': token.colorBgTextHover,
            '--lb-color': token.colorText,
            '--lb-color-hover': token.colorText,
            '--lb-border': 'transparent',
            '--lb-border-hover': 'transparent',
            '--lb-shadow': 'none',
          }
        : ghost
          ? {
              '--lb-bg': 'transparent',
              '--lb-bg-hover': 'transparent',
              '--lb-color': token.colorTextLightSolid,
              '--lb-color-hover': token.colorPrimaryBorder,
              '--lb-border': token.colorTextLightSolid,
              '--lb-border-hover': token.colorPrimaryBorder,
              '--lb-shadow': 'none',
            }
          : {
              '--lb-bg': token.colorBgContainer,
              '--lb-bg-hover': token.colorBgContainer,
              '--lb-color': token.colorText,
              '--lb-color-hover': token.colorPrimaryHover,
              '--lb-border': token.colorBorder,
              '--lb-border-hover': token.colorPrimaryHover,
              '--lb-shadow': `0 2px 0 ${token.colorFillQuaternary}`,
            };
  const box: React.CSSProperties = {
    height,
    width: shape === 'circle' || (icon && !children) ? height : block ? '100%' : undefined,
    minWidth: shape === 'circle' ? height : undefined,
    padding: shape === 'circle' || (icon && !children) ? 0 : `0 ${large ? token.paddingContentHorizontal : small ? 7 : 15}px`,
    fontSize: large ? token.fontSizeLG : token.fontSize,
    borderRadius: shape === 'circle' ? '50%' : large ? token.borderRadiusLG : small ? token.borderRadiusSM : token.borderRadius,
    opacity: loading ? 0.65 : undefined,
    cursor: loading ? 'default' : undefined,
    ['--lb-focus' as string]: token.colorPrimaryBorder,
  };
  return (
    <button
      type="button"
      {...rest}
      onClick={loading ? undefined : onClick}
      aria-busy={loading || undefined}
      className={className ? `light-btn ${className}` : 'light-btn'}
      style={{ ...look, ...box, ...style } as React.CSSProperties}
    >
      {icon}
      {children !== undefined && children !== null && <span>{children}</span>}
    </button>
  );
}

/** antd's `Typography.Text type="secondary"` (and `Paragraph` with `block`): the theme's description colour. */
export function Secondary({ children, block, style }: { children: React.ReactNode; block?: boolean; style?: React.CSSProperties }) {
  const { token } = theme.useToken();
  const s: React.CSSProperties = { color: token.colorTextDescription, ...style };
  return block ? <div style={{ marginBottom: '1em', ...s }}>{children}</div> : <span style={s}>{children}</span>;
}

/** antd's small count badge (red, white text), for a count shown next to a label. */
export function LightCount({ count, overflow = 99, color, style }: { count: number | string; overflow?: number; color?: string; style?: React.CSSProperties }) {
  const { token } = theme.useToken();
  if (count === 0 || count === '0' || count === '') return null;
  const text = typeof count === 'number' && count > overflow ? `${overflow}+` : String(count);
  return (
    <sup
      style={{
        display: 'inline-block',
        minWidth: 16,
        height: 16,
        padding: '0 5px',
        borderRadius: 8,
        background: color ?? token.colorError,
        color: token.colorTextLightSolid,
        fontSize: token.fontSizeSM,
        lineHeight: '16px',
        textAlign: 'center',
        verticalAlign: 'middle',
        whiteSpace: 'nowrap',
        boxShadow: `0 0 0 1px ${token.colorBgContainer}`,
        top: 0,
        ...style,
      }}
    >
      {text}
    </sup>
  );
}

/** Grey bars (and a round avatar) where a list's rows will be, as antd's active `Skeleton` draws them. */
export function SkeletonRow({ avatar }: { avatar?: boolean }) {
  const { token } = theme.useToken();
  const bg = token.colorFillContent;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 8 }}>
      {avatar && <span className="light-skeleton" style={{ flex: 'none', width: 32, height: 32, borderRadius: '50%', background: bg }} />}
      <span className="light-skeleton" style={{ display: 'block', width: '90%', height: 16, borderRadius: 4, background: bg, marginBlock: 4 }} />
    </div>
  );
}

/**
 * antd's `Tag` drawn from the theme's tokens: the default look, a preset colour (`green`, `purple`, `gold` … with
 * the theme's readable shade 7 as text) or a chosen colour (`#rrggbb`, tinted as `ColorTag` does). A visitor's
 * question, blog post or group page shows tags before anything else would need antd's tag styles.
 */
export function LightTag({
  color,
  icon,
  children,
  style,
  ...rest
}: { color?: string; icon?: React.ReactNode; children?: React.ReactNode; style?: React.CSSProperties } & Omit<React.HTMLAttributes<HTMLSpanElement>, 'color'>) {
  const { token } = theme.useToken();
  const mode = useTheme((s) => s.theme);
  const shades = token as unknown as Record<string, string | undefined>;
  let look: React.CSSProperties;
  if (color?.startsWith('#')) {
    const tint = tintedTag(color, mode);
    look = { background: tint.background, color: tint.color, borderColor: 'transparent' };
  } else if (color && shades[`${color}1`]) {
    look = { background: shades[`${color}1`], borderColor: shades[`${color}3`], color: shades[`${color}7`] };
  } else {
    look = { background: token.colorFillTertiary, borderColor: token.colorBorder, color: token.colorText };
  }
  return (
    <span
      {...rest}
      className="light-tag"
      style={{
        display: 'inline-block',
        boxSizing: 'border-box',
        paddingInline: 7,
        fontSize: token.fontSizeSM,
        lineHeight: `${Math.round(token.lineHeightSM * token.fontSizeSM)}px`,
        whiteSpace: 'nowrap',
        border: `${token.lineWidth}px solid`,
        borderRadius: token.borderRadiusSM,
        ...look,
        ...style,
      }}
    >
      {icon}
      {icon ? <span style={{ marginInlineStart: 7 }}>{children}</span> : children}
    </span>
  );
}

/** antd's `Space`: children in a row (or a column) with the small gap between them, wrapping when asked. */
export function LightSpace({
  children,
  wrap,
  vertical,
  align = 'center',
  size = 8,
  style,
}: {
  children: React.ReactNode;
  wrap?: boolean;
  vertical?: boolean;
  align?: 'start' | 'center' | 'end' | 'baseline';
  size?: number;
  style?: React.CSSProperties;
}) {
  return (
    <div
      style={{
        display: 'inline-flex',
        flexDirection: vertical ? 'column' : 'row',
        flexWrap: wrap ? 'wrap' : undefined,
        alignItems: vertical ? undefined : align === 'start' ? 'flex-start' : align === 'end' ? 'flex-end' : align,
        gap: size,
        ...style,
      }}
    >
      {children}
    </div>
  );
}

/**
 * antd's `Tabs` drawn from the theme's tokens (the tabs, the line under them, the active tab's colour and bar), as
 * the WAI-ARIA tabs pattern: one tab in the tab order, arrows, Home and End move and select. Tabs wrap onto a second
 * line instead of hiding behind a 'more' button. A panel renders when first shown and then stays mounted (hidden),
 * as antd's do, so that what was typed or opened in it is kept.
 */
export function LightTabs({
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
              className="light-tab"
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
