import { LoaderCircle } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** A form's submit button: disabled with a spinner and `pendingLabel` while the form is sent. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  size = 'lg',
  ...props
}: Omit<ButtonProps, 'type' | 'disabled' | 'children'> & { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" size={size} disabled={pending} {...props}>
      {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
      {pending ? pendingLabel : label}
    </Button>
  );
}
