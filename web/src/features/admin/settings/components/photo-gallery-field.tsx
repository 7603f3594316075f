import type { BusinessSettingsForm } from '@acres/contracts/settings';
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@acres/contracts/constants';
import { MAX_PROJECT_PHOTOS, photoIdOf, projectPhotoUrlOf, splitPhotoPaths } from '@acres/contracts/project-facts';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useAdminAuthorization } from '@/features/admin/shell/api/use-admin-query';
import { uploadDocumentFile } from '@/features/admin/documents/api/documents-api';
import { describeError } from '@/lib/problem';

/**
 * The gallery: photos uploaded as staff files (the server tells the type by the bytes and
 * keeps them to 5 MB), named by the form's projectPhotos, one path a line; saved with the form.
 */
export function PhotoGalleryField({ disabled }: { disabled: boolean }) {
  const id = useId();
  const form = useFormContext<BusinessSettingsForm>();
  const value = useWatch<BusinessSettingsForm, 'projectPhotos'>({ name: 'projectPhotos' }) ?? '';
  const saved = new Set(splitPhotoPaths(form.formState.defaultValues?.projectPhotos || null));
  const paths = splitPhotoPaths(value || null);
  const authorization = useAdminAuthorization();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldError = form.formState.errors.projectPhotos?.message;
  const setPaths = (next: string[]) => form.setValue('projectPhotos', next.join('\n'), { shouldDirty: true });

  const add = async (file: File | undefined) => {
    if (!file || !authorization) return;
    setProblem(null);
    if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return setProblem('Choose a JPG, PNG or WebP image');
    if (file.size > MAX_UPLOAD_BYTES) return setProblem('Choose an image of at most 5 MB');
    setUploading(true);
    try {
      setPaths([...paths, await uploadDocumentFile(authorization, file)]);
    } catch (error) {
      setProblem(describeError(error) || 'The photo could not be uploaded. Please try again.');
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-2 sm:col-span-2" data-testid="settings-photos">
      <span className="text-sm font-medium text-slate-900">
        Photos ({paths.length} of {MAX_PROJECT_PHOTOS})
      </span>
      {paths.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {paths.map((path, index) => {
            const objectId = photoIdOf(path);
            return (
              <li key={path} className="flex flex-col gap-1 rounded-lg border border-slate-200 p-2">
                {objectId && saved.has(path) ? (
                  <img
                    src={projectPhotoUrlOf(objectId)}
                    alt={`Gallery item ${index + 1}`}
                    className="aspect-[4/3] w-full rounded object-cover"
                  />
                ) : (
                  <span className="flex aspect-[4/3] items-center justify-center rounded bg-slate-100 p-2 text-center text-xs text-slate-600">
                    Photo {index + 1}: shown once saved
                  </span>
                )}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={disabled || uploading}
                  onClick={() => setPaths(paths.filter((each) => each !== path))}
                >
                  Remove photo {index + 1}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {paths.length < MAX_PROJECT_PHOTOS ? (
        <label htmlFor={id} className="flex flex-col gap-1 text-sm text-slate-700">
          {uploading ? 'Uploading…' : 'Add a photo (JPG, PNG or WebP, at most 5 MB)'}
          <input
            id={id}
            type="file"
            accept={ALLOWED_IMAGE_TYPES.join(',')}
            disabled={disabled || uploading}
            data-testid="settings-photo-input"
            onChange={(event) => {
              void add(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
        </label>
      ) : null}
      {problem || fieldError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem ?? fieldError}
        </p>
      ) : null}
    </div>
  );
}
