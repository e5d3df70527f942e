import { Suspense } from 'react';
import { theme } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { TEXTS, type Area, type NeighbourhoodRef } from '@mahalle/shared';
import { usePlaces } from '../../api/places';
import type { useArea } from './area';
import { LazySelect as Select, SelectStandIn } from '../../components/LazySelect';
import { LeanSegmented } from '../../components/lean/LeanSegmented';
import { LeanTag } from '../../components/lean/LeanTag';

export { useArea } from './area';

const P = TEXTS.places;

/** Where the prompt to choose one's neighbourhood leads: the profile's 'Mahallem' tab. */
export const NEIGHBOURHOOD_SETTINGS = '/profile?tab=mahalle';

/**
 * A neighbourhood picked from the organiser's list, grouped by district; typing narrows it (Turkish
 * case rules: 'istiklal' finds 'İstiklal'). Empty means none.
 */
export function NeighbourhoodSelect({
  value,
  onChange,
  id,
  label = P.neighbourhood,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  label?: string;
}) {
  const places = usePlaces();
  const options = (places.data?.districts ?? []).map((d) => ({
    label: d.name,
    title: d.name,
    options: d.neighbourhoods.map((n) => ({ value: n.id, label: n.name, search: `${n.name} ${d.name}` })),
  }));
  const fold = (s: string) => s.toLocaleLowerCase('tr');
  return (
    <Suspense fallback={<SelectStandIn label={label} />}>
      <Select<number | null>
        id={id}
        aria-label={label}
        value={value ?? null}
        onChange={(v) => onChange?.(v ?? null)}
        allowClear
        showSearch
        loading={places.isLoading}
        placeholder={P.selectPlaceholder}
        options={options}
        filterOption={(input, option) => fold(String((option as { search?: string } | undefined)?.search ?? '')).includes(fold(input))}
        notFoundContent={places.data && places.data.districts.length === 0 ? P.noPlaces : undefined}
        style={{ width: '100%' }}
      />
    </Suspense>
  );
}

/** A card's neighbourhood: 'Paşa, Odunpazarı'. */
export function PlaceTag({ place }: { place: NeighbourhoodRef | null | undefined }) {
  if (!place) return null;
  return (
    <LeanTag icon={<EnvironmentOutlined />} data-testid="place-tag" style={{ marginInlineEnd: 8 }}>
      {P.placeLabel(place.name, place.districtName)}
    </LeanTag>
  );
}

export function AreaFilter({ state, style }: { state: ReturnType<typeof useArea>; style?: React.CSSProperties }) {
  if (!state.signedIn) return null;
  return (
    <div style={{ marginBottom: 12, ...style }}>
      <LeanSegmented<Area>
        aria-label={P.areaLabel}
        value={state.area}
        onChange={state.setArea}
        options={(['mahalle', 'ilce', 'sehir'] as const).map((a) => ({ value: a, label: P.area[a] }))}
      />
    </div>
  );
}

/** Shown in place of a near-me list when the member has not chosen a neighbourhood (antd's info `Alert`, drawn light). */
export function ChooseNeighbourhoodPrompt() {
  const { token } = theme.useToken();
  return (
    <div
      role="alert"
      data-testid="choose-neighbourhood"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXS,
        marginBottom: 12,
        padding: `${token.paddingXS}px ${token.paddingContentHorizontalLG}px`,
        background: token.colorInfoBg,
        border: `${token.lineWidth}px solid ${token.colorInfoBorder}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
      }}
    >
      <EnvironmentOutlined style={{ color: token.colorInfo }} />
      <div style={{ flex: 1 }}>{P.neighbourhoodRequired}</div>
      <Link to={NEIGHBOURHOOD_SETTINGS}>{P.goToProfile}</Link>
    </div>
  );
}
