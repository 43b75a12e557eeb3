import { Link } from 'wouter';
import './not-found.css';

/** Spec section 2: large 404, 'Page not found', the sentence, and an outlined 'Take me home' to /. */
export function NotFoundPage() {
  return (
    <div className="not-found">
      <p className="not-found__code">404</p>
      <h1 className="not-found__title">Page not found</h1>
      <p className="not-found__text">The page you are looking for doesn't exist.</p>
      <Link href="/" className="button button--outlined">
        Take me home
      </Link>
    </div>
  );
}
