/** Builds a WHERE clause with numbered parameters ($1, $2, ...) from optional filters. */
export class SqlFilter {
  readonly params: unknown[] = [];
  private readonly clauses: string[] = [];

  /** `clause` gets the placeholder of `value`, e.g. (p) => `r.stage = ${p}`. */
  add(clause: (placeholder: string) => string, value: unknown): void {
    this.clauses.push(clause(this.bind(value)));
  }

  /** A placeholder for `value`, for a clause that needs several (see addClause). */
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** A clause whose placeholders came from bind(). */
  addClause(clause: string): void {
    this.clauses.push(clause);
  }

  get where(): string {
    return this.clauses.length > 0 ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}
