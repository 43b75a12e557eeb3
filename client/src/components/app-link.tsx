import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { isExternalHref } from '../lib/links.ts';

interface AppLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** Links starting with http or mailto open outside the console; others route inside it and are marked current on their own page. */
export function AppLink({ href, className, children, ...rest }: AppLinkProps) {
  const [location] = useLocation();
  if (isExternalHref(href)) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className} aria-current={location === href ? 'page' : undefined} {...rest}>
      {children}
    </Link>
  );
}
