import { useEffect, useId, useState, type FormEvent } from 'react';
import { SearchIcon } from '../../ui/icons';
import { MAX_QUERY_LENGTH } from './searchParams';

/** How long typing pauses before the board searches. */
export const SEARCH_DEBOUNCE_MS = 300;

interface JobSearchBoxProps {
  /** The text in the URL. */
  value: string | undefined;
  /** `typing` after a pause, `submit` on Enter or the button. */
  onSearch: (text: string | undefined, how: 'typing' | 'submit') => void;
}

/** The search text: searched after a pause in typing, or at once on submit; follows the URL on Back. */
export function JobSearchBox({ value, onSearch }: JobSearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  // The URL changed under us (Back, a link, Clear): show its text.
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== (value ?? '')) setText(value ?? '');
  }

  const wanted = text.trim() || undefined;
  useEffect(() => {
    if (wanted === value) return undefined;
    const timer = setTimeout(() => onSearch(wanted, 'typing'), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, value, onSearch]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(wanted, 'submit');
  };

  return (
    <form className="search-box job-search" role="search" onSubmit={submit} aria-label="Search jobs">
      <span className="search-box__icon" aria-hidden="true">
        <SearchIcon />
      </span>
      <label htmlFor={id} className="visually-hidden">
        Search jobs
      </label>
      <input
        id={id}
        type="search"
        className="search-box__input"
        placeholder="Search by skill, tool or title, e.g. Power BI"
        value={text}
        maxLength={MAX_QUERY_LENGTH}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="button button--primary job-search__button">
        Search
      </button>
    </form>
  );
}
