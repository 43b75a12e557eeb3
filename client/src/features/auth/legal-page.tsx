import './auth.css';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LOGIN_PATH } from '../../../../common/access.ts';
import { Logo } from '../../components/logo.tsx';

/** Frame of the public legal pages, readable signed in or out. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="legal-page">
      <header className="legal-page__header">
        <Logo />
        <Link href={LOGIN_PATH}>Back to sign in</Link>
      </header>
      <main className="legal-page__body panel">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
