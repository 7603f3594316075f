import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/titled-card';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/problem';
import { downloadMyData } from './download-my-data';

/** Access and portability (NDPA 2023): the signed-in person downloads everything we hold about them. */
export function MyDataCard({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);

  const onDownload = async () => {
    setBusy(true);
    try {
      const name = await downloadMyData();
      toast({ variant: 'success', title: 'Your data has been downloaded', description: name });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Download failed', description: describeError(error) || undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <TitledCard title="Your data" className={className} contentClassName="flex flex-col gap-3 pt-2" data-testid="my-data-card">
      <p className="text-sm text-slate-600">
        Everything we hold about you, in one ZIP file: your details, applications, payments, messages we sent you, your consents
        and the images you uploaded, with a summary you can read.
      </p>
      <Button variant="outline" className="self-start" onClick={onDownload} disabled={busy} data-testid="download-my-data">
        <Download aria-hidden="true" />
        {busy ? 'Preparing…' : 'Download my data'}
      </Button>
    </TitledCard>
  );
}
