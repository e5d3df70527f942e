import { Button, Result, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useSession } from '../../stores/session';
import { PageSpinner } from '../../components/common';
import { PlainH1 } from '../../components/Heading';

/** Signed-in-only routes: visitors see the membership-required page. */
export function MembersOnly({ children }: { children: React.ReactNode }) {
  const user = useSession((s) => s.user);
  if (user === undefined) return <PageSpinner />;
  if (!user) {
    return (
      <Result
        status="403"
        title={<PlainH1>Üyelik gerekli</PlainH1>}
        subTitle="Bu sayfayı görmek için giriş yapmalı ya da üye olmalısınız."
        extra={
          <Space direction="vertical">
            <Space>
              <Link to="/login"><Button type="primary">Giriş Yap</Button></Link>
              <Link to="/login?tab=register"><Button>Üye Ol</Button></Link>
            </Space>
            <Link to="/">Ana sayfaya dön</Link>
          </Space>
        }
      />
    );
  }
  return <>{children}</>;
}
