import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { isExternalHref } from '../lib/links.ts';
import { useRoutePreload } from '../lib/route-preload.ts';

interface AppLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/**
 * Links starting with http or mailto open outside the console; others route inside it, are marked current
 * on their own page, and fetch their page's code ahead of the click.
 */
export function AppLink({ href, className, children, ...rest }: AppLinkProps) {
  if (isExternalHref(href)) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <InternalLink href={href} className={className} {...rest}>
      {children}
    </InternalLink>
  );
}

function InternalLink({ href, className, children, ...rest }: AppLinkProps) {
  const [location] = useLocation();
  const preload = useRoutePreload<HTMLAnchorElement>(href);
  return (
    <Link href={href} className={className} aria-current={location === href ? 'page' : undefined} {...preload} {...rest}>
      {children}
    </Link>
  );
}
