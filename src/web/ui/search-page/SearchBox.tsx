import { useEffect, useId, useState, type FormEvent } from 'react';
import { SearchIcon } from '@/ui/icons';

/** How long typing pauses before the page searches. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The text in the URL. */
  value: string | undefined;
  /** The accessible name: "Search jobs". */
  label: string;
  placeholder: string;
  maxLength: number;
  /** `typing` after a pause, `submit` on Enter or the button. */
  onSearch: (text: string | undefined, how: 'typing' | 'submit') => void;
}

/** The search text: searched after a pause in typing, or at once on submit; follows the URL on Back. */
export function SearchBox({ value, label, placeholder, maxLength, onSearch }: SearchBoxProps) {
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
    <form className="search-box page-search" role="search" onSubmit={submit} aria-label={label}>
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
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="button button--primary page-search__button">
        Search
      </button>
    </form>
  );
}
