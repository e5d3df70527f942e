import { theme } from 'antd';

/**
 * Light stand-ins for antd's `Card` and `List` on the shell and the visitor home: the same look from the theme's
 * tokens, without the code antd's versions bring along (tabs for `Card`, pagination and select for `List`), so a
 * visitor's `/` stays small.
 */
export function LightCard({ title, extra, children, style, className, ...rest }: { title?: React.ReactNode; extra?: React.ReactNode; children?: React.ReactNode; style?: React.CSSProperties } & Omit<React.HTMLAttributes<HTMLDivElement>, 'title'>) {
  const { token } = theme.useToken();
  return (
    <div {...rest} className={className ? `light-card ${className}` : 'light-card'} style={{ background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, color: token.colorText, ...style }}>
      {(title || extra) && (
        <div style={{ display: 'flex', alignItems: 'center', minHeight: 38, padding: `0 ${token.paddingSM}px`, borderBottom: `1px solid ${token.colorBorderSecondary}`, fontWeight: token.fontWeightStrong, fontSize: token.fontSize }}>
          <div style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</div>
          {extra && <div style={{ marginInlineStart: 'auto', fontWeight: 'normal' }}>{extra}</div>}
        </div>
      )}
      <div style={{ padding: title || extra ? token.paddingSM : token.paddingLG }}>{children}</div>
    </div>
  );
}

/** A row of a light list: avatar, title and description, as antd's `List.Item.Meta` lays them out. */
export function LightListItem({ avatar, title, description, onClick, style, last }: { avatar?: React.ReactNode; title?: React.ReactNode; description?: React.ReactNode; onClick?: () => void; style?: React.CSSProperties; last?: boolean }) {
  const { token } = theme.useToken();
  return (
    <li onClick={onClick} style={{ display: 'flex', alignItems: 'flex-start', gap: token.padding, padding: `${token.paddingSM}px 0`, borderBottom: last ? undefined : `1px solid ${token.colorSplit}`, ...style }}>
      {avatar && <div style={{ flex: 'none' }}>{avatar}</div>}
      <div style={{ flex: 1, minWidth: 0 }}>
        {title && <div style={{ color: token.colorText, marginBottom: 4, lineHeight: token.lineHeight }}>{title}</div>}
        {description && <div style={{ color: token.colorTextDescription, lineHeight: token.lineHeight }}>{description}</div>}
      </div>
    </li>
  );
}

export const LIGHT_LIST: React.CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };
