import { CalendarCheck, CircleCheck, MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useBusinessSettings } from '@/lib/business-settings';
import { useOffer } from '@/lib/use-offer';
import { describeLeadConfirmation } from '@/lib/delivery-copy';
import { buildScheduleCallHref, buildWhatsAppHref, formatAcres } from '../lib/lead-links';

type LeadSuccessDialogProps = {
  /** Acres just reserved; null keeps the dialog closed. */
  acres: number | null;
  onOpenChange: (open: boolean) => void;
};

export function LeadSuccessDialog({ acres, onOpenChange }: LeadSuccessDialogProps) {
  const open = acres !== null;
  // A contact the admin has not set up yet is not offered.
  const settings = useBusinessSettings().data;
  const contact = settings?.contact;
  const { wholesale } = useOffer();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md text-center" data-testid="lead-success-dialog">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <CircleCheck className="size-8" aria-hidden="true" />
        </div>
        <DialogHeader className="mt-4 mb-0 items-center pr-0">
          <DialogTitle>Slot Reserved Successfully</DialogTitle>
          <DialogDescription className="text-base">
            {describeLeadConfirmation(settings?.channels, settings?.packageReady)}
          </DialogDescription>
        </DialogHeader>
        {acres !== null ? <p className="mt-3 text-sm font-medium text-brand-800">Reserved: {formatAcres(acres)}</p> : null}
        <div className="mt-6 flex flex-col gap-2.5">
          {contact?.email ? (
            <Button asChild size="lg">
              <a href={buildScheduleCallHref(contact.email, acres ?? undefined)} data-testid="success-schedule-call">
                <CalendarCheck aria-hidden="true" />
                Schedule a Call
              </a>
            </Button>
          ) : null}
          {contact?.whatsapp && acres !== null ? (
            <Button asChild size="lg" variant="gold">
              <a
                href={buildWhatsAppHref(contact.whatsapp, acres, wholesale)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="success-whatsapp"
              >
                <MessageCircle aria-hidden="true" />
                Chat on WhatsApp
              </a>
            </Button>
          ) : null}
          <DialogClose asChild>
            <Button variant="outline" size="lg" data-testid="success-close">
              Close
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
