import { Mail, MessageCircle } from 'lucide-react';
import type { ShareTarget } from '../lib/share-links';

type IconProps = { className?: string };

// lucide-react carries no brand marks; these are simple single-colour glyphs.
function XMark({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.9 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.3 4.7H5.5l11.2 14.5Z" />
    </svg>
  );
}

function FacebookMark({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3Z" />
    </svg>
  );
}

function LinkedInMark({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M4.2 9h3.3v11H4.2V9Zm1.7-5.3a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8ZM9.6 9h3.2v1.5c.5-.9 1.6-1.8 3.3-1.8 3.5 0 4.1 2.3 4.1 5.2V20h-3.3v-5.4c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H9.6V9Z" />
    </svg>
  );
}

export const SHARE_LOOK: Record<ShareTarget['id'], { Icon: (props: IconProps) => React.JSX.Element; className: string }> = {
  whatsapp: {
    Icon: ({ className }) => <MessageCircle className={className} aria-hidden="true" />,
    className: 'bg-[#187a41] text-white hover:bg-[#136636]',
  },
  twitter: { Icon: XMark, className: 'bg-slate-900 text-white hover:bg-black' },
  facebook: { Icon: FacebookMark, className: 'bg-[#1466d4] text-white hover:bg-[#0f55b3]' },
  linkedin: { Icon: LinkedInMark, className: 'bg-[#0a66c2] text-white hover:bg-[#0957a6]' },
  email: {
    Icon: ({ className }) => <Mail className={className} aria-hidden="true" />,
    className: 'bg-slate-100 text-slate-800 hover:bg-slate-200',
  },
};
