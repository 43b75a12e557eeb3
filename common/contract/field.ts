/**
 * A field's facts, written once for the three apps: the label a form shows it under (which the back end's
 * refusals name it by, the schema's `title`), its limits and the labels of its options. Each area keeps its
 * sheet beside its endpoint table (`<area>-fields.ts`); the contract builds its schemas from it
 * (`Line(f.max, { title: f.label })`) and the console's fields take the field itself (`field={taskFields.title}`),
 * so neither writes a label or a limit again. Plain data, no schema library: the console imports it at run time.
 */
export interface Field {
  /** The form's label and the schema's title. */
  readonly label: string;
  /** The most characters (text) or the highest value (a number). */
  readonly max?: number;
  /** The fewest characters or the lowest value. */
  readonly min?: number;
  /** Each option's label, in the order a picker lists them. */
  readonly options?: Readonly<Record<string, string>>;
}

/** A field with a limit: the one a counted text field needs. */
export type LimitedField = Field & { readonly max: number };

/** An area's sheet, its literal types kept (so `taskFields.title.max` is a LimitedField). */
export const fieldSheet = <const S extends Record<string, Field>>(sheet: S): S => sheet;
