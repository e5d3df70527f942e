import { theme } from 'antd';

/**
 * antd's `Card` drawn from the theme's tokens, without the code antd's version brings along (tabs), so a visitor's
 * `/` stays small.
 */
export function LeanCard({
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
      className={className ? `lean-card ${className}` : 'lean-card'}
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
