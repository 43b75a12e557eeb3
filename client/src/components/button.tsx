import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** danger: an action that takes something away (deactivate). */
  variant?: 'primary' | 'outlined' | 'ghost' | 'danger';
  block?: boolean;
  /** While true the button is disabled and shows 'Please Wait' with a spinner (spec section 8). */
  loading?: boolean;
}

export function Button({ variant = 'primary', block = false, loading = false, className, children, disabled, ...rest }: ButtonProps) {
  const classes = ['button', `button--${variant}`, block ? 'button--block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type="button" {...rest} className={classes} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading ? (
        <>
          <Spinner />
          Please Wait
        </>
      ) : (
        children
      )}
    </button>
  );
}
