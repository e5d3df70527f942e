/** antd's `Space`: children in a row (or a column) with the small gap between them, wrapping when asked. */
export function LeanSpace({
  children,
  wrap,
  vertical,
  align = 'center',
  size = 8,
  style,
}: {
  children: React.ReactNode;
  wrap?: boolean;
  vertical?: boolean;
  align?: 'start' | 'center' | 'end' | 'baseline';
  size?: number;
  style?: React.CSSProperties;
}) {
  return (
    <div
      style={{
        display: 'inline-flex',
        flexDirection: vertical ? 'column' : 'row',
        flexWrap: wrap ? 'wrap' : undefined,
        alignItems: vertical ? undefined : align === 'start' ? 'flex-start' : align === 'end' ? 'flex-end' : align,
        gap: size,
        ...style,
      }}
    >
      {children}
    </div>
  );
}
