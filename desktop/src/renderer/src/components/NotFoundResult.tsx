import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { PlainH1 } from './Heading';

/** A page's 'not found': antd's `Result` with its 404 illustration, loaded only when shown (see `NotFound`). */
export function NotFoundResult({ title, subTitle, back }: { title: string; subTitle?: string; back?: { to: string; label: string } }) {
  return <Result status="404" title={<PlainH1>{title}</PlainH1>} subTitle={subTitle} extra={back ? <Link to={back.to}>{back.label}</Link> : undefined} />;
}
