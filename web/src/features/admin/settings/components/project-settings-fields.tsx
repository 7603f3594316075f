import type { BusinessSettingsForm } from '@acres/contracts/settings';
import { DEFAULT_BUSINESS_TERMS } from '@acres/contracts/business-terms';
import { formatNaira } from '@acres/contracts/money';
import { FieldList, FormSection } from '@/components/form/form-parts';
import { PhotoGalleryField } from './photo-gallery-field';

type Values = BusinessSettingsForm;

const TERM_DEFAULTS = DEFAULT_BUSINESS_TERMS;

/** The facts a buyer checks: shown on the landing page and in the due-diligence room; an empty one is not shown. */
export function ProjectFactFields({ disabled }: { disabled: boolean }) {
  return (
    <FormSection
      heading="h3"
      spacing="pt-5"
      title="The project"
      description="Shown on the landing page and in the due-diligence room. Leave a field empty to hide it."
    >
      <FieldList<Values>
        fields={[
          { name: 'projectLocation', label: 'Location', className: 'sm:col-span-2', inputProps: { autoComplete: 'off' } },
          {
            name: 'projectMapUrl',
            label: 'Map link',
            hint: 'An https:// link, e.g. to the site on Google Maps',
            className: 'sm:col-span-2',
            inputProps: { type: 'url', inputMode: 'url', autoComplete: 'off' },
          },
          {
            name: 'titleType',
            label: 'Title type',
            hint: 'e.g. C of O, Governor’s Consent',
            inputProps: { autoComplete: 'off' },
          },
          { name: 'titleNumber', label: 'Title number', inputProps: { autoComplete: 'off' } },
          { name: 'surveyPlanNumber', label: 'Survey plan number', inputProps: { autoComplete: 'off' } },
          { name: 'companyName', label: 'Company name', inputProps: { autoComplete: 'off' } },
          {
            name: 'cacNumber',
            label: 'CAC registration number',
            hint: 'RC, BN or IT followed by the digits',
            inputProps: { autoComplete: 'off' },
          },
        ]}
        disabled={disabled}
      />
      <PhotoGalleryField disabled={disabled} />
    </FormSection>
  );
}

/** The business terms: every screen, form and server check uses them; an empty one is SPEC's value. */
export function TermFields({ disabled }: { disabled: boolean }) {
  const acres = { inputMode: 'numeric', autoComplete: 'off' } as const;
  return (
    <FormSection
      heading="h3"
      spacing="pt-5"
      title="Business terms"
      description="Used by every page, form and check. Leave a field empty for the standard value shown under it."
    >
      <FieldList<Values>
        fields={[
          {
            name: 'pricePerAcre',
            label: 'Price per acre (₦)',
            hint: `Standard: ${formatNaira(TERM_DEFAULTS.pricePerAcre)}`,
            inputProps: acres,
          },
          {
            name: 'retailPricePerAcre',
            label: 'Retail price per acre (₦)',
            hint: `Standard: ${formatNaira(TERM_DEFAULTS.retailPricePerAcre)}`,
            inputProps: acres,
          },
          {
            name: 'projectAcres',
            label: 'Project size (acres)',
            hint: `Standard: ${TERM_DEFAULTS.projectAcres}`,
            inputProps: acres,
          },
          { name: 'partnerCap', label: 'Partner cap', hint: `Standard: ${TERM_DEFAULTS.partnerCap}`, inputProps: acres },
          {
            name: 'minimumAcres',
            label: 'Minimum allocation (acres)',
            hint: `Standard: ${TERM_DEFAULTS.minimumAcres}`,
            inputProps: acres,
          },
        ]}
        disabled={disabled}
      />
    </FormSection>
  );
}
