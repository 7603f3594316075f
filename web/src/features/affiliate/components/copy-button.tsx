import { COPY_FEEDBACK_MS } from '@acres/contracts/constants';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { copyText } from '../lib/copy-text';

export type CopyButtonProps = Omit<ButtonProps, 'onClick' | 'children'> & {
  text: string;
  label?: string;
  copiedLabel?: string;
  /** Toast title on success (SPEC 8: 'Link copied!' for the referral link). */
  successTitle?: string;
};

/** Copies `text`; the button says so for COPY_FEEDBACK_MS (SPEC 4: 2 seconds), and a toast confirms. */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  successTitle = 'Link copied!',
  variant = 'outline',
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function handleCopy() {
    try {
      await copyText(text);
    } catch {
      toast({ variant: 'destructive', title: 'Failed to copy', description: 'Select the text and copy it by hand.' });
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    toast({ variant: 'success', title: successTitle });
  }

  return (
    <Button variant={variant} onClick={() => void handleCopy()} data-copied={copied || undefined} {...props}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
