export { ImageUploader, DEFAULT_ALLOWED_FILE_TYPES } from './image-uploader';
export type { ImageUploaderProps, UploadedFile } from './image-uploader';
export { UploadButton } from './upload-button';
export type { UploadButtonProps } from './upload-button';
export { formatBytes } from './format-bytes';
export { ProofUploadButton } from './proof-upload-button';
