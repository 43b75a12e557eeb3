import './auth.css';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '../../components/logo.tsx';

/** The frame of the signed-out pages: a centred card with the product name and the legal links. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-card panel">
        <Logo />
        <div className="auth-card__heading">
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </div>
        {children}
      </main>
      <footer className="auth-page__footer">
        <Link href="/T&C">Terms and Conditions</Link>
        <span aria-hidden="true">·</span>
        <Link href="/PrivacyPolicy">Privacy Policy</Link>
      </footer>
    </div>
  );
}
