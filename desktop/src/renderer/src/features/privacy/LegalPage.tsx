import { Alert, Card, Typography } from 'antd';
import { TEXTS, type LegalKind } from '@mahalle/shared';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { useLegalDocument } from '../../api/privacy';
import { errorMessage } from '../../api/client';
import { PageSpinner } from '../../components/common';
import { Heading } from '../../components/Heading';
import { usePageMeta } from '../shell/meta';
import { LegalText } from './LegalText';

const P = TEXTS.privacy;

/** /kullanim-kosullari and /gizlilik: the current version of a legal text, public. */
export default function LegalPage({ kind }: { kind: LegalKind }) {
  // ?surum=N shows an older version (the admin's list of versions links to them).
  const [params] = useSearchParams();
  const asked = Number(params.get('surum'));
  const { data, isLoading, error } = useLegalDocument(kind, Number.isInteger(asked) && asked > 0 ? asked : undefined);
  usePageMeta({ title: data?.title ?? (kind === 'terms' ? P.termsTitle : P.privacyTitle) });
  if (isLoading) return <PageSpinner />;
  if (error || !data) return <Alert type="error" message={errorMessage(error, P.documentNotFound)} />;
  return (
    <Card style={{ maxWidth: 820, margin: '0 auto' }}>
      <Heading level={1} look={2}>
        {data.title}
      </Heading>
      <Typography.Paragraph type="secondary">
        {P.version(data.version)} · {P.publishedAt}: {dayjs(data.publishedAt).format('D MMMM YYYY')}
      </Typography.Paragraph>
      <LegalText body={data.body} />
    </Card>
  );
}
