import { formatPhoneForTyping } from '@acres/contracts/phone';
import { Input, type InputProps } from './input';

export type PhoneInputProps = Omit<InputProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
  /** Defaults to the Nigerian typing format '+234 XXX XXX XXXX'. */
  format?: (input: string) => string;
};

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** A tel input that formats while typing. */
export function PhoneInput({ value, onValueChange, format = formatPhoneForTyping, ...props }: PhoneInputProps) {
  return (
    <Input
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      {...props}
      value={value}
      onChange={(e) => {
        let next = e.target.value;
        // Deleting only a separator would be re-added by the formatter and the
        // caret would be stuck; delete the digit before it instead.
        if (next.length < value.length && digitsOf(next) === digitsOf(value)) {
          const digits = digitsOf(value);
          next = digits.slice(0, -1);
        }
        onValueChange(format(next));
      }}
    />
  );
}
