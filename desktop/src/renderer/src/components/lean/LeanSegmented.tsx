import { theme } from 'antd';

/**
 * antd's `Segmented` drawn from the theme's tokens (a member's feed filter): a radio group whose chosen option is a
 * raised pill, without antd's motion and tooltip code.
 */
export function LeanSegmented<T extends string>({
  value,
  onChange,
  options,
  ...rest
}: {
  value: T;
  onChange: (v: T) => void;
  options: { value: T; label: React.ReactNode }[];
} & Omit<React.HTMLAttributes<HTMLDivElement>, 'onChange'>) {
  const { token } = theme.useToken();
  const pick = (i: number) => {
    const o = options[(i + options.length) % options.length];
    if (o) onChange(o.value);
  };
  const at = options.findIndex((o) => o.value === value);
  return (
    <div
      {...rest}
      role="radiogroup"
      style={{
        display: 'inline-flex',
        padding: token.paddingXXS,
        gap: 2,
        background: token.colorBgLayout,
        borderRadius: token.borderRadius,
        color: token.colorTextLabel,
        ...rest.style,
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowDown') pick(at + 1);
        else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') pick(at - 1);
        else return;
        e.preventDefault();
      }}
    >
      {options.map((o) => {
        const on = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={on}
            tabIndex={on ? 0 : -1}
            onClick={() => onChange(o.value)}
            style={{
              minHeight: token.controlHeight - token.paddingXXS * 2,
              padding: `0 ${token.paddingSM - token.lineWidth}px`,
              border: 0,
              borderRadius: token.borderRadiusSM,
              font: 'inherit',
              cursor: 'pointer',
              color: on ? token.colorText : token.colorTextLabel,
              background: on ? token.colorBgElevated : 'transparent',
              boxShadow: on ? token.boxShadowTertiary : 'none',
              transition: 'background 0.2s, color 0.2s',
            }}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
