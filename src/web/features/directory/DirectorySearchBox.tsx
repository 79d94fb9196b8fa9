import { useEffect, useId, useState, type FormEvent } from 'react';
import { SearchIcon } from '../../ui/icons';
import { MAX_QUERY_LENGTH } from './searchParams';

/** How long typing pauses before the directory searches. */
export const SEARCH_DEBOUNCE_MS = 300;

interface DirectorySearchBoxProps {
  /** The text in the URL. */
  value: string | undefined;
  /** The accessible name: "Search businesses". */
  label: string;
  placeholder: string;
  /** `typing` after a pause, `submit` on Enter or the button. */
  onSearch: (text: string | undefined, how: 'typing' | 'submit') => void;
}

/** The search text: searched after a pause in typing, or at once on submit; follows the URL on Back. */
export function DirectorySearchBox({ value, label, placeholder, onSearch }: DirectorySearchBoxProps) {
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
    <form className="search-box dir-search" role="search" onSubmit={submit} aria-label={label}>
      <span className="search-box__icon" aria-hidden="true">
        <SearchIcon />
      </span>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="search-box__input"
        placeholder={placeholder}
        value={text}
        maxLength={MAX_QUERY_LENGTH}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="button button--primary dir-search__button">
        Search
      </button>
    </form>
  );
}
