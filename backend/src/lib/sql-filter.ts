/** Builds a WHERE clause with numbered parameters ($1, $2, ...) from optional filters. */
export class SqlFilter {
  readonly params: unknown[] = [];
  private readonly clauses: string[] = [];

  /** `clause` gets the placeholder of `value`, e.g. (p) => `r.stage = ${p}`. */
  add(clause: (placeholder: string) => string, value: unknown): void {
    this.params.push(value);
    this.clauses.push(clause(`$${this.params.length}`));
  }

  get where(): string {
    return this.clauses.length > 0 ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}
