import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import type { FieldControlProps } from '@/components/form/schema-form';
import { Input } from '@/components/ui/input';

/** A password field with a show/hide toggle (typing a password on a phone is error-prone). */
export function PasswordInput({
  control,
  autoComplete,
  disabled,
}: {
  control: FieldControlProps;
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        {...control}
        ref={control.ref}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        disabled={disabled}
        value={(control.value as string | undefined) ?? ''}
        onChange={(e) => control.onChange(e.target.value)}
        className="pr-12"
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-gold-500"
      >
        {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
      </button>
    </div>
  );
}
