import { theme } from 'antd';

type Level = 1 | 2 | 3 | 4 | 5;

/**
 * A heading at its place in the page outline (`level`: one h1 per page, no skipped levels) drawn at the size of
 * another antd title level (`look`), so the outline can be right without changing how the page looks. Drawn as
 * antd's `Typography.Title` is (the theme's heading size, weight and colour, half a line below), without it:
 * `Typography` brings antd's input and tooltip into every first load.
 */
export function Heading({ level, look = level, style, ...rest }: React.HTMLAttributes<HTMLHeadingElement> & { level: Level; look?: Level }) {
  const { token } = theme.useToken();
  const H = `h${level}` as const;
  return (
    <H
      style={{
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${look}`],
        lineHeight: token[`lineHeightHeading${look}`],
        ...style,
      }}
      {...rest}
    />
  );
}

/** Present for screen readers, not drawn (a page's h1 where the design shows no title). */
export const visuallyHidden: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** An h1 that keeps the look of where it sits (antd Result and Card titles draw their own text style). */
export function PlainH1({ children }: { children: React.ReactNode }) {
  return <h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{children}</h1>;
}
