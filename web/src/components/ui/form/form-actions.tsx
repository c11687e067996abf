import type { ReactNode } from "react";

/** One button of a form's actions. */
export interface FormAction {
  label: ReactNode;
  /** What the button does; without it, it submits its form. */
  onClick?: () => void;
  /** While its work is pending, or while it may not be used. */
  disabled?: boolean;
  /** Primary for the first action, secondary for the others, unless given; `plain` has no colour of its own. */
  look?: "primary" | "secondary" | "plain";
}

const LOOKS = { primary: "button button--primary", secondary: "button button--secondary", plain: "button" };

/** A form's submit button, disabled while the submission is pending. */
export function SubmitButton({ pending, children }: { pending?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={LOOKS.primary} disabled={pending}>
      {children}
    </button>
  );
}

/**
 * The row of buttons under a form, or under a question ("Pay again?"): the primary action first, then
 * the others, wrapping on a narrow screen. `className` is the row's class in its page's stylesheet.
 */
export function FormActions({ className, actions }: { className: string; actions: readonly FormAction[] }) {
  return (
    <div className={className}>
      {actions.map((action, index) => (
        <button
          // The actions of a row are fixed: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          type={action.onClick ? "button" : "submit"}
          className={LOOKS[action.look ?? (index === 0 ? "primary" : "secondary")]}
          disabled={action.disabled}
          onClick={action.onClick}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
