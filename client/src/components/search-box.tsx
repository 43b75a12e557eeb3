import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Icon } from './icon.tsx';
import './search-box.css';

export const SEARCH_DEBOUNCE_MS = 300;

/** Room beside the placeholder for the search field's clear button. */
const CLEAR_BUTTON_PX = 20;

let measuring: CanvasRenderingContext2D | null | undefined;

/** The width of `text` in the input's font, or 0 where a canvas cannot measure it. */
function textWidth(text: string, input: HTMLInputElement): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return 0;
  measuring.font = getComputedStyle(input).font;
  return measuring.measureText(text).width;
}

/** The counter shows from this share of the limit on: a search box needs it only near the end. */
const COUNTER_FROM = 0.8;

interface SearchBoxProps {
  /** The applied search (from the URL); the box follows it when it changes from outside (back/forward). */
  value: string;
  /** Called 300 ms after typing stops, with the text in lower case (spec section 2). */
  onSearch: (value: string) => void;
  placeholder?: string;
  label?: string;
  /** The server's limit for the search text: longer text (a paste) is cut to it, and a counter shows it near the end. */
  maxLength?: number;
}

export function SearchBox({ value, onSearch, placeholder = 'Search...', label = 'Search', maxLength }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const id = useId();
  const counterId = `${id}-counter`;
  const input = useRef<HTMLInputElement>(null);

  // The box widens to show its whole placeholder ('Search name, e-mail, company or p' was cut).
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    const width = textWidth(placeholder, element);
    if (width > 0) element.style.minWidth = `${Math.ceil(width) + CLEAR_BUTTON_PX}px`;
  }, [placeholder]);
  const showCounter = maxLength !== undefined && text.length >= maxLength * COUNTER_FROM;

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
      <input
        ref={input}
        id={id}
        type="search"
        className="search-box__input"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={maxLength}
        aria-describedby={showCounter ? counterId : undefined}
        onChange={(event) => setText(event.target.value.toLowerCase().slice(0, maxLength))}
      />
      {showCounter && (
        <span id={counterId} className="search-box__counter" aria-live="polite">
          {text.length}/{maxLength}
          <span className="visually-hidden"> characters, the most a search takes</span>
        </span>
      )}
    </div>
  );
}
