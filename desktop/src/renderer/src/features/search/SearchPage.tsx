import { useEffect } from 'react';
import { Alert, Button, Input, theme } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { LIMITS, TEXTS } from '@mahalle/shared';
import {
  countLabel,
  isSearchType,
  searchable,
  SEARCH_TABS,
  useSearch,
  useSearchCounts,
  type SearchCounts,
  type SearchHit,
  type SearchType,
} from '../../api/search';
import { errorMessage } from '../../api/client';
import { Heading } from '../../components/Heading';
import { Marked } from '../../components/Marked';
import { ListSkeleton } from '../../components/ListSkeleton';
import { EmptyState } from '../../components/EmptyState';
import { UserAvatar } from '../../components/common';
import { UserName } from '../../components/UserName';
import { WrapTabs } from '../../components/WrapTabBar';
import { formatDate, formatDateTime, fromNow } from '../../components/time';
import { usePageMeta } from '../shell/meta';

const T = TEXTS.searchUi;

/** Why a query is not sent (the server's rule, in its Turkish words), or null when it can be searched. */
function queryHint(q: string): string | null {
  if (!q.trim()) return T.prompt;
  if ([...q.trim()].length > LIMITS.searchQueryMax) return TEXTS.search.queryTooLong;
  return searchable(q) ? null : TEXTS.search.queryTooShort;
}

/** The tab a search opens on when the address names none: posts, or the first type that found something. */
export function firstTabWithHits(counts: SearchCounts): SearchType | undefined {
  return SEARCH_TABS.find((t) => counts[t] > 0);
}

/** One hit: its title a link to where it lives, the snippet with the matched words marked, author and time. */
export function SearchHitItem({ hit }: { hit: SearchHit }) {
  const { token } = theme.useToken();
  if (hit.kind === 'people') return <PersonHitItem hit={hit} />;
  // A post has no title: its snippet is the link then, and is not repeated under it.
  const name = hit.title.length ? hit.title : hit.snippet;
  const snippet = hit.title.length ? hit.snippet : [];
  return (
    <li data-testid="search-hit" data-kind={hit.kind} style={{ padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}>
      <Heading level={2} look={5} style={{ margin: 0 }}>
        <Link to={hit.path}>{name.length ? <Marked segments={name} /> : T.kinds[hit.kind]}</Link>
      </Heading>
      {snippet.length > 0 && (
        <p style={{ margin: '4px 0', overflowWrap: 'anywhere' }}>
          <Marked segments={snippet} />
        </p>
      )}
      {(hit.author || hit.createdAt) && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
          {hit.author && (
            <>
              <UserAvatar user={hit.author} size={20} />
              <UserName user={hit.author} />
            </>
          )}
          {hit.author && hit.createdAt && <span aria-hidden>·</span>}
          {hit.createdAt && (
            <time dateTime={hit.createdAt} title={formatDateTime(hit.createdAt)}>
              {fromNow(hit.createdAt)}
            </time>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * A person found: their avatar beside the title (name and @username, the words matched marked), the bio or place
 * under it and when they joined, labelled; the name is not repeated in an author line.
 */
function PersonHitItem({ hit }: { hit: SearchHit }) {
  const { token } = theme.useToken();
  return (
    <li
      data-testid="search-hit"
      data-kind={hit.kind}
      style={{ display: 'flex', gap: 12, alignItems: 'flex-start', padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      {hit.author && <UserAvatar user={hit.author} size={40} />}
      <div style={{ minWidth: 0 }}>
        <Heading level={2} look={5} style={{ margin: 0 }}>
          <Link to={hit.path}>{hit.title.length ? <Marked segments={hit.title} /> : T.kinds.people}</Link>
        </Heading>
        {hit.snippet.length > 0 && (
          <p style={{ margin: '4px 0', overflowWrap: 'anywhere' }}>
            <Marked segments={hit.snippet} />
          </p>
        )}
        {hit.createdAt && (
          <div style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
            <time dateTime={hit.createdAt}>{T.joined(formatDate(hit.createdAt))}</time>
          </div>
        )}
      </div>
    </li>
  );
}

function Results({ q, type }: { q: string; type: SearchType }) {
  const results = useSearch(q, type);
  const hits = results.data?.pages.flatMap((p) => p.items) ?? [];
  if (results.isPending) return <ListSkeleton rows={5} avatar />;
  if (results.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={T.error}
        description={errorMessage(results.error, TEXTS.resilience.errorHint)}
        action={
          <Button size="small" onClick={() => void results.refetch()}>
            {TEXTS.resilience.retry}
          </Button>
        }
      />
    );
  if (hits.length === 0) return <EmptyState title={T.emptyTab} />;
  return (
    <>
      <ul aria-label={T.tabs[type]} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {hits.map((hit) => (
          <SearchHitItem key={`${hit.kind}-${hit.id}`} hit={hit} />
        ))}
      </ul>
      {results.hasNextPage && (
        <Button block style={{ marginTop: 12 }} loading={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()} data-testid="search-more">
          {T.more}
        </Button>
      )}
    </>
  );
}

/**
 * The results page (/search?q=&type=): a tab per type with its count, the open tab's hits page by page. The query
 * and the tab live in the address, so a result list can be shared, reloaded and gone back to.
 */
export default function SearchPage() {
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const typeParam = params.get('type');
  const type: SearchType = isSearchType(typeParam) ? typeParam : 'posts';
  usePageMeta({ title: q.trim() ? T.resultsFor(q.trim()) : T.pageTitle });
  const hint = queryHint(q);

  // The counts are asked once per query (not with each tab's page) and stay while the tabs are switched.
  const counts = useSearchCounts(q).data;

  // With no tab in the address, a search whose posts found nothing opens on the first tab that did find something.
  useEffect(() => {
    if (typeParam || !counts || counts.counts.posts > 0) return;
    const better = firstTabWithHits(counts.counts);
    if (better) setParams({ q, type: better }, { replace: true });
  }, [typeParam, counts, q, setParams]);

  const total = counts ? SEARCH_TABS.reduce((n, t) => n + counts.counts[t], 0) : null;
  return (
    <div>
      <Heading level={1} look={2}>
        {q.trim() ? T.resultsFor(q.trim()) : T.pageTitle}
      </Heading>
      <Input.Search
        key={q}
        defaultValue={q}
        placeholder={T.placeholder}
        aria-label={T.label}
        enterButton={T.submit}
        allowClear
        maxLength={LIMITS.searchQueryMax}
        style={{ maxWidth: 560, marginBottom: 16 }}
        onSearch={(v) => v.trim() && setParams({ q: v.trim() })}
        data-testid="search-page-input"
      />
      {hint ? (
        <EmptyState title={hint} />
      ) : total === 0 ? (
        <EmptyState title={T.empty} hint={T.emptyHint} />
      ) : (
        <WrapTabs
          id="search-tabs"
          activeKey={type}
          onChange={(key) => setParams({ q, type: key })}
          items={SEARCH_TABS.map((t) => ({
            key: t,
            label: (
              <span data-testid={`search-tab-${t}`}>
                {T.tabs[t]}
                {counts && (
                  <span style={{ marginInlineStart: 6, color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                    {countLabel(counts.counts[t], counts.countsCapped)}
                  </span>
                )}
              </span>
            ),
            children: t === type ? <Results q={q} type={t} /> : null,
          }))}
        />
      )}
    </div>
  );
}
