import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

type Tone = 'primary' | 'default' | 'ghost' | 'danger';

const tones: Record<Tone, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 border-indigo-600 disabled:bg-indigo-300 disabled:border-indigo-300',
  default: 'bg-white text-slate-800 border-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'bg-transparent text-slate-700 border-transparent hover:bg-slate-100 disabled:text-slate-300',
  danger: 'bg-white text-red-700 border-red-300 hover:bg-red-50 disabled:text-red-300',
};

const buttonShape =
  'inline-flex h-8 items-center justify-center gap-1.5 rounded-md border px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

/** A link to another of the studio's screens that looks like the studio's button. */
export function ButtonLink({ tone = 'default', className = '', children, ...rest }: LinkProps & { tone?: Tone; children: ReactNode }) {
  return (
    <Link className={`${buttonShape} ${tones[tone]} ${className}`} {...rest}>
      {children}
    </Link>
  );
}

/** The studio's button: a tone, a compact size, and a visible focus ring. */
export function Button({
  tone = 'default',
  className = '',
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone; children: ReactNode }) {
  return (
    <button type="button" className={`${buttonShape} disabled:cursor-not-allowed ${tones[tone]} ${className}`} {...rest}>
      {children}
    </button>
  );
}

/**
 * A square button that shows only an icon; `label` is its accessible name and tooltip. When `disabled` it stays
 * focusable (`aria-disabled`) and ignores clicks, so a button that disables itself (Move up at the top, Undo with
 * nothing left) keeps the keyboard's place instead of dropping focus to the page.
 */
export function IconButton({
  label,
  className = '',
  children,
  pressed,
  disabled,
  onClick,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; pressed?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className={`inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 aria-disabled:cursor-not-allowed aria-disabled:text-slate-300 aria-disabled:hover:bg-transparent aria-disabled:hover:text-slate-300 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700 ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
}
