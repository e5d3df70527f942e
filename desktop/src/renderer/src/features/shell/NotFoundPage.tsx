import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { usePageMeta } from './meta';

export function NotFoundPage() {
  usePageMeta({ title: 'Sayfa bulunamadı' });
  return <Result status="404" title="404" subTitle="Aradığınız sayfa bulunamadı." extra={<Link to="/"><Button type="primary">Ana Sayfa</Button></Link>} />;
}
