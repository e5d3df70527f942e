import { theme } from 'antd';
import { useTheme } from '../../stores/session';
import { tintedTag } from '../../theme';

/**
 * antd's `Tag` drawn from the theme's tokens: the default look, a preset colour (`green`, `purple`, `gold` … with
 * the theme's readable shade 7 as text) or a chosen colour (`#rrggbb`, tinted as `ColorTag` does). A visitor's
 * question, blog post or group page shows tags before anything else would need antd's tag styles.
 */
export function LeanTag({
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
      className="lean-tag"
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
