import type { ComponentProps } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './card';

/** A small card: its title over its content, in one column. */
export function TitledCard({
  title,
  className,
  contentClassName,
  children,
  ...props
}: ComponentProps<'div'> & { title: string; contentClassName: string }) {
  return (
    <Card className={className} {...props}>
      <CardHeader className="pb-2">
        <CardTitle className="text-lg text-brand-950">{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
