import { theme } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';

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
 * hover and focus (styles.css, `.lean-btn`) follow the theme.
 */
export function LeanButton({
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
      className={className ? `lean-btn ${className}` : 'lean-btn'}
      style={{ ...look, ...box, ...style } as React.CSSProperties}
    >
      {icon}
      {children !== undefined && children !== null && <span>{children}</span>}
    </button>
  );
}
