import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@acres/contracts/constants';
import { UploadButton, type UploadButtonProps } from './upload-button';

const PROOF_TYPES = [...ALLOWED_IMAGE_TYPES];

/**
 * The photo or screenshot of a receipt (an investor's transfer, an affiliate's sale): one
 * image of the types and size the server takes for a payment proof.
 */
export function ProofUploadButton(
  props: Omit<UploadButtonProps, 'note' | 'maxFileSize' | 'allowedFileTypes' | 'maxNumberOfFiles' | 'purpose'>,
) {
  return (
    <UploadButton
      {...props}
      note="One JPG, PNG or WebP image, up to 5 MB"
      maxFileSize={MAX_UPLOAD_BYTES}
      allowedFileTypes={PROOF_TYPES}
      maxNumberOfFiles={1}
      purpose="payment-proof"
    />
  );
}
