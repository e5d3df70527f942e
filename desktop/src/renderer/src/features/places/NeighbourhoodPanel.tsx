import { Button, Form, Radio, Typography } from 'antd';
import { NEIGHBOURHOOD_VISIBILITIES, TEXTS, type NeighbourhoodVisibility } from '@mahalle/shared';
import { errorMessage } from '../../api/client';
import { useMyNeighbourhood, useSetMyNeighbourhood } from '../../api/places';
import { useApp } from '../../components/LazyFeedback';
import { PageSpinner } from '../../components/common';
import { NeighbourhoodSelect } from './PlaceFields';

const P = TEXTS.places;

/** The own profile's 'Mahallem' tab: the member's neighbourhood (optional) and who may see it. */
export function NeighbourhoodPanel() {
  const mine = useMyNeighbourhood();
  const save = useSetMyNeighbourhood();
  const { message } = useApp();
  if (!mine.data) return <PageSpinner />;
  const submit = async (v: { neighbourhoodId: number | null; visibility: NeighbourhoodVisibility }) => {
    try {
      await save.mutateAsync({ neighbourhoodId: v.neighbourhoodId ?? null, visibility: v.visibility });
      void message.success(P.profileSaved);
    } catch (err) {
      void message.error(errorMessage(err, TEXTS.errors.title));
    }
  };
  return (
    <div style={{ maxWidth: 520 }}>
      <Typography.Paragraph type="secondary">{P.profileHint}</Typography.Paragraph>
      <Form
        layout="vertical"
        onFinish={submit}
        initialValues={{ neighbourhoodId: mine.data.neighbourhood?.id ?? null, visibility: mine.data.visibility }}
        aria-label={P.profileSection}
      >
        <Form.Item label={P.neighbourhood} name="neighbourhoodId" htmlFor="my-neighbourhood">
          <NeighbourhoodSelect id="my-neighbourhood" />
        </Form.Item>
        <Form.Item label={P.visibilityLabel} name="visibility">
          <Radio.Group options={NEIGHBOURHOOD_VISIBILITIES.map((v) => ({ value: v, label: P.visibility[v] }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {P.save}
        </Button>
      </Form>
    </div>
  );
}
