import { useEffect, useId, useState } from 'react';
import { Icon } from './icon.tsx';
import './search-box.css';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The applied search (from the URL); the box follows it when it changes from outside (back/forward). */
  value: string;
  /** Called 300 ms after typing stops, with the text in lower case (spec section 2). */
  onSearch: (value: string) => void;
  placeholder?: string;
  label?: string;
}

export function SearchBox({ value, onSearch, placeholder = 'Search...', label = 'Search' }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const id = useId();

  useEffect(() => {
    if (text === applied) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, onSearch]);

  return (
    <div className="search-box" role="search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" size={18} />
      <input id={id} type="search" className="search-box__input" value={text} placeholder={placeholder} autoComplete="off" onChange={(event) => setText(event.target.value.toLowerCase())} />
    </div>
  );
}
