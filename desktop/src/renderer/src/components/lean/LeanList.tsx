import { theme } from 'antd';

/**
 * A row of a lean list (a `<ul style={LEAN_LIST}>`): avatar, title and description, as antd's `List.Item.Meta` lays
 * them out, without the pagination and select antd's `List` brings along.
 */
export function LeanListItem({
  avatar,
  title,
  description,
  actions,
  onClick,
  style,
  last,
  ...li
}: {
  avatar?: React.ReactNode;
  title?: React.ReactNode;
  description?: React.ReactNode;
  /** At the row's end, as `List.Item`'s `actions`. */
  actions?: React.ReactNode;
  onClick?: () => void;
  style?: React.CSSProperties;
  last?: boolean;
  /** The row's own id (a link's target), class and test id. */
  id?: string;
  className?: string;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  return (
    <li
      {...li}
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

/** The style of the `<ul>` that holds `LeanListItem`s. */
export const LEAN_LIST: React.CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };
