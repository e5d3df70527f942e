import { theme } from 'antd';

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
  ...rest
}: { title?: React.ReactNode; extra?: React.ReactNode; children?: React.ReactNode; style?: React.CSSProperties } & Omit<
  React.HTMLAttributes<HTMLDivElement>,
  'title'
>) {
  const { token } = theme.useToken();
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
      {(title || extra) && (
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            minHeight: 38,
            padding: `0 ${token.paddingSM}px`,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            fontWeight: token.fontWeightStrong,
            fontSize: token.fontSize,
          }}
        >
          <div style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</div>
          {extra && <div style={{ marginInlineStart: 'auto', fontWeight: 'normal' }}>{extra}</div>}
        </div>
      )}
      <div style={{ padding: title || extra ? token.paddingSM : token.paddingLG }}>{children}</div>
    </div>
  );
}

/** A row of a light list: avatar, title and description, as antd's `List.Item.Meta` lays them out. */
export function LightListItem({
  avatar,
  title,
  description,
  onClick,
  style,
  last,
}: {
  avatar?: React.ReactNode;
  title?: React.ReactNode;
  description?: React.ReactNode;
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
    </li>
  );
}

export const LIGHT_LIST: React.CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

type ButtonLook = {
  type?: 'default' | 'primary' | 'text';
  size?: 'middle' | 'large';
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
  children,
  style,
  className,
  ...rest
}: ButtonLook & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  const { token } = theme.useToken();
  const large = size === 'large';
  const height = large ? token.controlHeightLG : token.controlHeight;
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
    padding: shape === 'circle' || (icon && !children) ? 0 : `0 ${large ? token.paddingContentHorizontal : 15}px`,
    fontSize: large ? token.fontSizeLG : token.fontSize,
    borderRadius: shape === 'circle' ? '50%' : large ? token.borderRadiusLG : token.borderRadius,
    ['--lb-focus' as string]: token.colorPrimaryBorder,
  };
  return (
    <button type="button" {...rest} className={className ? `light-btn ${className}` : 'light-btn'} style={{ ...look, ...box, ...style } as React.CSSProperties}>
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
