import { Link } from 'react-router-dom';
import { BrandMark } from './brand-mark';

/** The brand as the way home; `className` places the link. */
export function HomeLink({ className, tone, compact }: { className?: string; tone?: 'dark' | 'light'; compact?: boolean }) {
  return (
    <Link to="/" aria-label="Acres Wholesale home" className={className}>
      <BrandMark tone={tone} compact={compact} />
    </Link>
  );
}
