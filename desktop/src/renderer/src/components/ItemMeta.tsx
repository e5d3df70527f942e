import { useContext } from 'react';
import { ConfigProvider } from 'antd';

/**
 * antd's `List.Item.Meta` with the same classes and look, but the title is not an h4: a list row's name is not a
 * section of the page, and those h4s broke the heading outline (h1, h2, then h4) on every page with a list.
 */
export function ItemMeta({ avatar, title, description }: { avatar?: React.ReactNode; title?: React.ReactNode; description?: React.ReactNode }) {
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('list');
  return (
    <div className={`${prefix}-item-meta`}>
      {avatar && <div className={`${prefix}-item-meta-avatar`}>{avatar}</div>}
      <div className={`${prefix}-item-meta-content`}>
        {title && <div className={`${prefix}-item-meta-title`}>{title}</div>}
        {description && <div className={`${prefix}-item-meta-description`}>{description}</div>}
      </div>
    </div>
  );
}
