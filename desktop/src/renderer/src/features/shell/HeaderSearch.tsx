import { useEffect, useId, useState } from 'react';
import { theme as antTheme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { TEXTS } from '@mahalle/shared';
import { searchable, useSuggestions, type SearchHit } from '../../api/search';
import { Marked, plainText } from '../../components/Marked';
import { visuallyHidden } from '../../components/Heading';

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 200;

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

export const searchPath = (q: string) => `/search?q=${encodeURIComponent(q.trim())}`;

/**
 * The header search: a combobox (WAI-ARIA 1.2 pattern) with suggestions as one types, drawn like antd's
 * `Input.Search` from the theme's tokens. antd's Input and AutoComplete would bring their form and select code
 * into every page's first load; this is a few hundred bytes. Arrows move through the suggestions (the last one
 * opens every result), Enter opens the highlighted one or the results page, Escape closes the list.
 */
export function HeaderSearch() {
  const { token } = antTheme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text.trim(), SUGGEST_DELAY_MS);
  const { data } = useSuggestions(query);
  const ready = searchable(query) && searchable(text);
  const hits: SearchHit[] = ready ? (data?.items ?? []) : [];
  // The suggestions, then 'all results' (always there once the text can be searched).
  const count = ready ? hits.length + 1 : 0;
  const expanded = open && count > 0;

  // On the results page the box shows what was searched (a link or the back button can change it).
  const urlQuery = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : null;
  useEffect(() => {
    if (urlQuery !== null) setText(urlQuery);
  }, [urlQuery]);

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
  };
  const openResults = () => {
    if (text.trim()) go(searchPath(text));
  };
  const choose = (index: number) => {
    const hit = hits.at(index);
    if (hit) go(hit.path);
    else openResults();
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (count === 0) return;
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : count - 1);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text itself: arrowing past either end comes back to it.
      setActive((a) => {
        const next = a + step;
        return next < -1 ? count - 1 : next >= count ? -1 : next;
      });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (expanded && active >= 0) choose(active);
      else openResults();
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        setText('');
      }
    }
  };

  const border = `1px solid ${token.colorBorder}`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const optionStyle = (i: number): React.CSSProperties => ({
    display: 'flex',
    alignItems: 'baseline',
    gap: 8,
    padding: '6px 12px',
    cursor: 'pointer',
    background: i === active ? token.controlItemBgActive : undefined,
    borderRadius: token.borderRadiusSM,
  });
  return (
    <form
      role="search"
      className="header-search"
      style={{ position: 'relative', display: 'flex', width: 260, height: token.controlHeight }}
      onSubmit={(e) => {
        e.preventDefault();
        openResults();
      }}
    >
      <input
        name="q"
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder={TEXTS.searchUi.placeholder}
        aria-label={TEXTS.searchUi.label}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        data-testid="header-search"
        value={text}
        maxLength={200}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        style={{
          flex: 1,
          minWidth: 0,
          padding: '4px 11px',
          font: 'inherit',
          fontSize: token.fontSize,
          color: token.colorText,
          background: token.colorBgContainer,
          border,
          borderInlineEnd: 0,
          borderStartStartRadius: token.borderRadius,
          borderEndStartRadius: token.borderRadius,
        }}
      />
      <button
        type="submit"
        aria-label={TEXTS.searchUi.submit}
        style={{
          width: token.controlHeight,
          padding: 0,
          cursor: 'pointer',
          color: token.colorTextSecondary,
          background: token.colorBgContainer,
          border,
          borderStartEndRadius: token.borderRadius,
          borderEndEndRadius: token.borderRadius,
        }}
      >
        <SearchOutlined aria-hidden />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={TEXTS.searchUi.suggestions}
        hidden={!expanded}
        // A click on an option must not blur the input first (that would close the list under the pointer).
        onMouseDown={(e) => e.preventDefault()}
        style={{
          position: 'absolute',
          top: '100%',
          insetInlineEnd: 0,
          width: 380,
          maxWidth: '90vw',
          margin: '4px 0 0',
          padding: 4,
          listStyle: 'none',
          background: token.colorBgElevated,
          color: token.colorText,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowSecondary,
          zIndex: 1050,
        }}
      >
        {expanded &&
          hits.map((hit, i) => (
            <li
              key={`${hit.kind}-${hit.id}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              aria-label={`${TEXTS.searchUi.kinds[hit.kind]}: ${plainText(hit.title.length ? hit.title : hit.snippet)}`}
              data-testid="search-suggestion"
              data-kind={hit.kind}
              onClick={() => choose(i)}
              onMouseEnter={() => setActive(i)}
              style={optionStyle(i)}
            >
              <span style={{ flex: '0 0 auto', fontSize: token.fontSizeSM, color: token.colorTextSecondary, minWidth: 56 }}>
                {TEXTS.searchUi.kinds[hit.kind]}
              </span>
              <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                <Marked segments={hit.title.length ? hit.title : hit.snippet} />
              </span>
            </li>
          ))}
        {expanded && (
          <li
            id={optionId(hits.length)}
            role="option"
            aria-selected={active === hits.length}
            data-testid="search-see-all"
            onClick={() => choose(hits.length)}
            onMouseEnter={() => setActive(hits.length)}
            style={{ ...optionStyle(hits.length), color: token.colorLink, borderTop: hits.length ? `1px solid ${token.colorSplit}` : undefined }}
          >
            <SearchOutlined aria-hidden /> {TEXTS.searchUi.seeAll(text.trim())}
          </li>
        )}
      </ul>
      <span role="status" style={visuallyHidden}>
        {expanded ? `${hits.length} ${TEXTS.searchUi.suggestions.toLocaleLowerCase('tr')}` : ''}
      </span>
    </form>
  );
}
