import { formatNaira, type Subscription } from '@acres/contracts';
import { AdminImagePreview } from '@/features/admin/shell/components/admin-image-preview';
import { DetailList, DetailListSection, DetailSection, emailItem } from '@/features/admin/shell/components/detail-list';
import { formatCalendarDate } from '@acres/contracts/lagos-time';
import { useAdminImage } from '@/features/admin/shell/lib/use-admin-image';

const PAYMENT_OPTION_LABELS: Record<Subscription['paymentOption'], string> = {
  outright: 'Outright',
  installments: 'Installments',
};
const MODE_LABELS: Record<Subscription['modeOfPayment'], string> = {
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  others: 'Others',
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The applicant's passport photo, fetched with the admin's credentials like a payment proof. */
function PassportPhoto({ objectPath }: { objectPath: string }) {
  const image = useAdminImage(objectPath);
  return <AdminImagePreview image={image} label="Passport photograph" testId="application-passport-photo" compact />;
}

/** Everything the applicant entered, and what the escrow received. */
export function ApplicationDetail({ subscription: s }: { subscription: Subscription }) {
  return (
    <div className="flex flex-col gap-5">
      <DetailListSection
        title="Investment"
        items={[
          { label: 'Acres subscribed', value: s.acresSubscribed.toLocaleString('en-NG') },
          { label: 'Subscription value', value: formatNaira(s.subscriptionValue) },
          { label: 'Payment option', value: PAYMENT_OPTION_LABELS[s.paymentOption] },
          { label: 'Mode of payment', value: MODE_LABELS[s.modeOfPayment] },
          { label: 'Amount verified', value: s.amountVerified === null ? null : formatNaira(s.amountVerified) },
          { label: 'Escrow receipt no.', value: s.escrowReceiptNo },
        ]}
      />
      <DetailSection title="Applicant">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {s.passportPhotoUrl ? <PassportPhoto objectPath={s.passportPhotoUrl} /> : null}
          <DetailList
            className="min-w-0 flex-1"
            items={[
              emailItem(s.email),
              { label: 'Phone', value: s.phoneNumber },
              { label: 'Date of birth', value: formatCalendarDate(s.dateOfBirth) },
              { label: 'Gender', value: capitalise(s.gender) },
              { label: 'Nationality', value: s.nationality },
              { label: 'Marital status', value: capitalise(s.maritalStatus) },
              { label: 'Occupation', value: s.occupation },
              { label: 'Religion', value: s.religion },
              { label: 'City', value: s.city },
              ...(s.passportPhotoUrl ? [] : [{ label: 'Passport photo', value: 'Not provided' }]),
              { label: 'Residential address', value: s.residentialAddress, wide: true },
              { label: 'Work address', value: s.workAddress, wide: true },
            ]}
          />
        </div>
      </DetailSection>
      <DetailListSection
        title="Next of kin"
        items={[
          { label: 'Name', value: s.kinName },
          { label: 'Relationship', value: s.kinRelationship },
          { label: 'Phone', value: s.kinPhone },
          emailItem(s.kinEmail),
          { label: 'Address', value: s.kinAddress, wide: true },
        ]}
      />
      <DetailListSection
        title="Realtor / partner"
        items={[
          { label: 'Name', value: s.realtorName },
          { label: 'Mobile', value: s.realtorMobile },
          emailItem(s.realtorEmail),
          { label: 'Realtor code', value: s.realtorCode },
          { label: 'Referral code', value: s.referralCode },
        ]}
      />
    </div>
  );
}
