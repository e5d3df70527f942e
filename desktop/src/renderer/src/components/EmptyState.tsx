import { Empty } from 'antd';

export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: React.ReactNode }) {
  return (
    <Empty
      description={
        <div>
          <div style={{ fontWeight: 600 }}>{title}</div>
          {hint && <div>{hint}</div>}
        </div>
      }
    >
      {action}
    </Empty>
  );
}
