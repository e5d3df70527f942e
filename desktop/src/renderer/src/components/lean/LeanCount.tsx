import { theme } from 'antd';

/** antd's small count badge (red, white text), for a count shown next to a label. */
export function LeanCount({ count, overflow = 99, color, style }: { count: number | string; overflow?: number; color?: string; style?: React.CSSProperties }) {
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
