import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAdminSession } from '@/features/admin/shell/lib/admin-session';
import { describeError } from '@/lib/problem';

const DOWNLOADED = 'CSV file has been downloaded';

/**
 * An admin list's Export button: downloads under the server's file name with the admin's
 * credentials and says how it went. `download` may answer the success toast's description.
 */
export function ExportCsvButton({
  download,
  testId,
  label = 'Export CSV',
  variant = 'outline',
  disabled = false,
}: {
  download: (authorization: string) => Promise<string | void>;
  testId: string;
  label?: string;
  variant?: ButtonProps['variant'];
  disabled?: boolean;
}) {
  const { session } = useAdminSession();
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    if (!session) return;
    setExporting(true);
    try {
      const description = await download(session.authorization);
      toast({ variant: 'success', title: 'Export successful', description: description || DOWNLOADED });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Export failed', description: describeError(error) || undefined });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button variant={variant} onClick={onExport} disabled={exporting || disabled} data-testid={testId}>
      <Download aria-hidden="true" />
      {exporting ? 'Exporting…' : label}
    </Button>
  );
}
