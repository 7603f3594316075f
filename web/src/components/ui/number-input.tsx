import { useEffect, useState } from 'react';
import { Input, type InputProps } from './input';

export type NumberInputProps = Omit<InputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  value: number;
  onValueChange: (value: number) => void;
  /** What a blank or non-numeric entry means (SPEC: lead acres → 1, calculator → 25). */
  fallback: number;
  /** Parse with parseFloat instead of parseInt (e.g. 0.5-acre steps). */
  decimal?: boolean;
};

function parse(text: string, fallback: number, decimal: boolean): number {
  const n = decimal ? Number.parseFloat(text) : Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : fallback;
}

/**
 * A numeric <input> whose value is always a number. While the user edits, the text
 * they typed is kept (so clearing the field to type a new number works); the number
 * reported is the fallback for blank or non-numeric text. On blur the text shows the
 * number again.
 */
export function NumberInput({ value, onValueChange, fallback, decimal = false, onBlur, ...props }: NumberInputProps) {
  const [text, setText] = useState(String(value));
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (!editing) setText(String(value));
  }, [value, editing]);

  return (
    <Input
      type="number"
      inputMode={decimal ? 'decimal' : 'numeric'}
      {...props}
      value={editing ? text : String(value)}
      onFocus={(e) => {
        setEditing(true);
        setText(String(value));
        props.onFocus?.(e);
      }}
      onChange={(e) => {
        setEditing(true);
        setText(e.target.value);
        onValueChange(parse(e.target.value, fallback, decimal));
      }}
      onBlur={(e) => {
        setEditing(false);
        onBlur?.(e);
      }}
    />
  );
}
