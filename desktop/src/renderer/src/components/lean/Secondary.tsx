import { theme } from 'antd';

/** antd's `Typography.Text type="secondary"` (and `Paragraph` with `block`): the theme's description colour. */
export function Secondary({ children, block, style }: { children: React.ReactNode; block?: boolean; style?: React.CSSProperties }) {
  const { token } = theme.useToken();
  const s: React.CSSProperties = { color: token.colorTextDescription, ...style };
  return block ? <div style={{ marginBottom: '1em', ...s }}>{children}</div> : <span style={s}>{children}</span>;
}
