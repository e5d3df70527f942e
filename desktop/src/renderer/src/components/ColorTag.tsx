import { Tag, type TagProps } from 'antd';
import { useTheme } from '../stores/session';
import { tintedTag } from '../theme';

/**
 * A tag tinted with a colour people chose (a category's, a group's): antd would draw that colour as text on a
 * pastel of itself, often below 4.5:1; here the text keeps the hue at a readable lightness in the current theme.
 */
export function ColorTag({ color, style, ...rest }: TagProps) {
  const mode = useTheme((s) => s.theme);
  if (!color?.startsWith('#')) return <Tag color={color} style={style} {...rest} />;
  const tint = tintedTag(color, mode);
  return <Tag style={{ background: tint.background, color: tint.color, borderColor: 'transparent', ...style }} {...rest} />;
}
