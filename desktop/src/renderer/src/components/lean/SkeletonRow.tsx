import { theme } from 'antd';

/** Grey bars (and a round avatar) where a list's rows will be, as antd's active `Skeleton` draws them. */
export function SkeletonRow({ avatar }: { avatar?: boolean }) {
  const { token } = theme.useToken();
  const bg = token.colorFillContent;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 8 }}>
      {avatar && <span className="lean-skeleton" style={{ flex: 'none', width: 32, height: 32, borderRadius: '50%', background: bg }} />}
      <span className="lean-skeleton" style={{ display: 'block', width: '90%', height: 16, borderRadius: 4, background: bg, marginBlock: 4 }} />
    </div>
  );
}
