import { Button, Result, Space } from 'antd';
import { Link } from 'react-router-dom';
import { PlainH1 } from '../../components/Heading';

/** What a visitor sees on a signed-in-only route. */
export function MembersOnlyNotice() {
  return (
    <Result
      status="403"
      title={<PlainH1>Üyelik gerekli</PlainH1>}
      subTitle="Bu sayfayı görmek için giriş yapmalı ya da üye olmalısınız."
      extra={
        <Space direction="vertical">
          <Space>
            <Link to="/login">
              <Button type="primary">Giriş Yap</Button>
            </Link>
            <Link to="/login?tab=register">
              <Button>Üye Ol</Button>
            </Link>
          </Space>
          <Link to="/">Ana sayfaya dön</Link>
        </Space>
      }
    />
  );
}
