import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { usePageMeta } from './meta';
import { PlainH1 } from '../../components/Heading';

export function NotFoundPage() {
  usePageMeta({ title: 'Sayfa bulunamadı' });
  return (
    <Result
      status="404"
      title={<PlainH1>404</PlainH1>}
      subTitle="Aradığınız sayfa bulunamadı."
      extra={
        <Link to="/">
          <Button type="primary">Ana Sayfa</Button>
        </Link>
      }
    />
  );
}
