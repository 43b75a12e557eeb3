import { EmptyState } from './empty-state.tsx';

/** A table route whose feature has not landed yet: its title shows in the top bar, its body is the empty state. */
export function PlaceholderPage() {
  return (
    <section className="panel page-panel">
      <EmptyState />
    </section>
  );
}
