import type { ReactNode } from 'react';
import { AppLink } from './app-link.tsx';

interface CardProps {
  children: ReactNode;
  /** With a url the whole card is a link; with onOpen it is a button. */
  url?: string;
  onOpen?: () => void;
}

export function Card({ children, url, onOpen }: CardProps) {
  if (url) {
    return (
      <AppLink href={url} className="card card--interactive">
        {children}
      </AppLink>
    );
  }
  if (onOpen) {
    return (
      <button type="button" className="card card--interactive" onClick={onOpen}>
        {children}
      </button>
    );
  }
  return <div className="card">{children}</div>;
}
