import type { MaterialsLink } from '@acres/contracts';
import { LoaderCircle, Send } from 'lucide-react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { DetailSection } from '@/features/admin/shell/components/detail-list';
import { formatDateTime } from '@/features/admin/shell/lib/format-date';
import { describeError } from '@/lib/problem';
import { leadMaterialsKey, revokeMaterialsLink, sendMaterials, useLeadMaterials } from '../api/documents-api';

const STATUS_LABELS: Record<MaterialsLink['status'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };

const countText = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** On the lead's dialog: "Send materials" (a personal link, by the configured channels) and the links sent. */
export function LeadMaterials({ leadId }: { leadId: string }) {
  const { data } = useLeadMaterials(leadId);
  const authorization = useAdminAuthorization();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (what: string, action: () => Promise<unknown>, done: { title: string; description: string }) => {
    if (!authorization) return;
    setBusy(what);
    try {
      await action();
      toast({ variant: 'success', ...done });
      await mutate(leadMaterialsKey(leadId));
    } catch (error) {
      toast({ variant: 'destructive', title: 'Not done', description: describeError(error) });
    } finally {
      setBusy(null);
    }
  };

  const send = () =>
    run('send', () => sendMaterials(authorization!, leadId), {
      title: 'Materials sent',
      description: 'The lead gets a personal link to the due-diligence documents.',
    });
  const revoke = (linkId: string) =>
    run(linkId, () => revokeMaterialsLink(authorization!, linkId), {
      title: 'Link revoked',
      description: 'The link no longer opens the documents.',
    });

  return (
    <DetailSection title="Due-diligence materials">
      <div className="flex flex-col gap-3" data-testid="lead-materials">
        <Button onClick={() => void send()} disabled={busy !== null} className="self-start" data-testid="lead-send-materials">
          {busy === 'send' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          Send materials
        </Button>
        {data && data.links.length > 0 ? (
          <ul className="flex flex-col gap-2 text-sm" aria-label="Links sent">
            {data.links.map((link) => (
              <li key={link.linkId} className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="lead-materials-link">
                <Badge variant={link.status === 'active' ? 'default' : 'secondary'}>{STATUS_LABELS[link.status]}</Badge>
                <span className="text-slate-700">
                  Sent {formatDateTime(link.sentAt)} by {link.sentBy}; until {formatDateTime(link.expiresAt)}
                </span>
                <span className="text-slate-700" data-testid="lead-materials-use">
                  {countText(link.views, 'view')}, {countText(link.downloads, 'download')}
                </span>
                {link.status === 'active' ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => void revoke(link.linkId)}
                    disabled={busy !== null}
                    data-testid="lead-materials-revoke"
                  >
                    Revoke
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : data ? (
          <p className="text-sm text-slate-600">No materials have been sent to this lead yet.</p>
        ) : null}
      </div>
    </DetailSection>
  );
}
