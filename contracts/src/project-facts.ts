// The facts a buyer checks first (issue 29, item 4): where the land is, its title, the survey
// plan, the company and its CAC registration, and a few photos. Each is a business setting the
// owner edits; one never set is simply not shown. No zod here: the landing page reads these
// before it loads zod (its schema is in settings-reads.ts).

export const PROJECT_FACT_FIELDS = [
  'projectLocation',
  'projectMapUrl',
  'titleType',
  'titleNumber',
  'surveyPlanNumber',
  'companyName',
  'cacNumber',
  'projectPhotos',
] as const;
export type ProjectFactField = (typeof PROJECT_FACT_FIELDS)[number];

/** At most this many photos in the gallery. */
export const MAX_PROJECT_PHOTOS = 6;

const OBJECT_PATH = /^\/objects\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The object id of a gallery photo's stored path, or null. */
export const photoIdOf = (objectPath: string): string | null => OBJECT_PATH.exec(objectPath)?.[1] ?? null;

/** The stored gallery (one object path a line) as its paths. */
export const splitPhotoPaths = (value: string | null): string[] =>
  value === null ? [] : value.split('\n').filter((line) => line !== '');

/** Where anyone fetches a gallery photo: only a photo in the gallery in force answers. */
export const projectPhotoUrlOf = (objectId: string) => `/api/project-photos/${objectId}`;

/** GET /api/settings `project`: each fact null while not set (hide it), the photos' public URLs. */
export type ProjectFacts = {
  location: string | null;
  /** An https link to the site on a map. */
  mapUrl: string | null;
  titleType: string | null;
  titleNumber: string | null;
  surveyPlanNumber: string | null;
  companyName: string | null;
  /** 'RC1234567', 'BN…' or 'IT…'. */
  cacNumber: string | null;
  photos: { url: string }[];
};

export const toProjectFacts = (settings: Readonly<Record<ProjectFactField, string | null>>): ProjectFacts => ({
  location: settings.projectLocation,
  mapUrl: settings.projectMapUrl,
  titleType: settings.titleType,
  titleNumber: settings.titleNumber,
  surveyPlanNumber: settings.surveyPlanNumber,
  companyName: settings.companyName,
  cacNumber: settings.cacNumber,
  photos: splitPhotoPaths(settings.projectPhotos).flatMap((path) => {
    const id = photoIdOf(path);
    return id ? [{ url: projectPhotoUrlOf(id) }] : [];
  }),
});

/** Whether any fact is set: the sections that show them are absent otherwise. */
export const hasProjectFacts = (facts: ProjectFacts) =>
  facts.photos.length > 0 || Object.entries(facts).some(([key, value]) => key !== 'photos' && value !== null);
