import type { Select as AntSelect } from 'antd';
import { lazyWithRetry as lazy } from './lazyRetry';

/**
 * antd's `Select` (with its virtual list and popup, some 20 KiB gzip) loaded when a picker is first drawn, not with
 * every page whose file imports one: a member's feed filter and the collapsed composer need none. Wrap it in
 * `<Suspense fallback={<SelectStandIn />}>`.
 */
export const LazySelect = lazy(() => import('antd/es/select')) as unknown as typeof AntSelect;

/** A picker's box while its code arrives: the height of antd's default `Select`, so nothing moves. */
export function SelectStandIn({ label, style }: { label?: string; style?: React.CSSProperties }) {
  return (
    <div
      aria-label={label}
      aria-busy="true"
      style={{
        boxSizing: 'border-box',
        width: '100%',
        height: 32,
        border: '1px solid var(--ant-color-border, #d9d9d9)',
        borderRadius: 'var(--ant-border-radius, 6px)',
        background: 'var(--ant-color-bg-container, #fff)',
        ...style,
      }}
    />
  );
}
