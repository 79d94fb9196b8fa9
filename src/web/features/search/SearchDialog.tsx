import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '@/lib/auth';
import { SearchIcon } from '@/ui/icons';
import { MAX_QUERY_LENGTH, MIN_QUERY_LENGTH, type SearchOption } from './results';
import { useSiteSearch, type SiteSearchState } from './useSiteSearch';

function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** What the live region says: a hint, progress, the error, no results or how many. */
function statusText(state: SiteSearchState, q: string, options: SearchOption[]): string {
  if (state.status === 'idle') {
    return q.length === 0
      ? 'Search jobs, professionals and businesses.'
      : `Type at least ${MIN_QUERY_LENGTH} characters.`;
  }
  if (state.status === 'loading') return 'Searching…';
  if (state.status === 'error') return state.message;
  if (options.length === 0) return `No results for “${q}”.`;
  const items = options.filter((option) => !option.seeAll).length;
  return `${items} ${items === 1 ? 'result' : 'results'} shown.`;
}

/** The search dialog: loaded when the header's search button is first pressed. */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const { user } = useAuth();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const state = useSiteSearch(text, user?.accountType ?? null);
  const q = text.trim();

  const groups = state.status === 'done' ? state.groups : [];
  const options: SearchOption[] = groups.flatMap((group) => group.options);
  const activeOption = options[Math.min(active, options.length - 1)];

  // A new answer starts again at its first result.
  const [shownGroups, setShownGroups] = useState(groups);
  if (shownGroups !== groups && state.status === 'done') {
    setShownGroups(groups);
    setActive(0);
  }

  useEffect(() => {
    input.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  useEffect(() => {
    if (!activeOption) return;
    document.getElementById(`${id}-${activeOption.id}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOption, id]);

  const go = (option: SearchOption) => {
    onClose();
    void navigate(option.link);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (Math.min(current, options.length - 1) + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeOption) go(activeOption);
    }
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    // Focus stays in the dialog: Tab cycles through its own controls.
    if (event.key === 'Tab' && dialog.current) {
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>('input, button')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  const expanded = state.status === 'done' && options.length > 0;
  const status = statusText(state, q, options);

  return (
    <div className="site-search__backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="site-search__dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Search the site"
        onKeyDown={onDialogKeyDown}
      >
        <div className="site-search__field">
          <span className="site-search__icon" aria-hidden="true">
            <SearchIcon />
          </span>
          <label htmlFor={inputId} className="visually-hidden">
            Search jobs, professionals and businesses
          </label>
          <input
            ref={input}
            id={inputId}
            className="site-search__input"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && activeOption ? `${id}-${activeOption.id}` : undefined}
            aria-describedby={statusId}
            placeholder="Search jobs, professionals, businesses"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={MAX_QUERY_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onInputKeyDown}
          />
          <button type="button" className="site-search__close" onClick={onClose}>
            <CloseIcon />
            <span className="visually-hidden">Close search</span>
          </button>
        </div>
        <p
          id={statusId}
          className="site-search__status"
          role="status"
          data-kind={state.status === 'error' ? 'error' : state.status}
          data-hidden={expanded || undefined}
        >
          {state.status === 'loading' && <span className="site-search__spinner" aria-hidden="true" />}
          {status}
        </p>
        <div
          id={listboxId}
          role="listbox"
          aria-label="Search results"
          className="site-search__results"
          hidden={!expanded}
        >
          {groups.map((group) => (
            <div key={group.type} role="group" aria-labelledby={`${id}-${group.type}`} className="site-search__group">
              <div id={`${id}-${group.type}`} className="site-search__group-title">
                {group.title}
              </div>
              {group.options.map((option) => (
                <div
                  key={option.id}
                  id={`${id}-${option.id}`}
                  role="option"
                  aria-selected={option === activeOption}
                  className={option.seeAll ? 'site-search__option site-search__option--all' : 'site-search__option'}
                  onMouseMove={() => setActive(options.indexOf(option))}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => go(option)}
                >
                  <span className="site-search__option-label">{option.label}</span>
                  {option.detail && <span className="site-search__option-detail">{option.detail}</span>}
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
