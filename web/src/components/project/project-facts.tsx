import type { ProjectFacts } from '@acres/contracts/project-facts';
import { Building2, ExternalLink, FileCheck2, MapPin, Ruler } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type Fact = { key: string; Icon: LucideIcon; term: string; detail: ReactNode };

/** The facts that are set, in the order a buyer checks them; none of an unset one (no empty heading). */
const factsOf = (facts: ProjectFacts): Fact[] => {
  const list: Fact[] = [];
  if (facts.location || facts.mapUrl)
    list.push({
      key: 'location',
      Icon: MapPin,
      term: 'Location',
      detail: (
        <>
          {facts.location ? <span data-testid="fact-location">{facts.location}</span> : null}
          {facts.mapUrl ? (
            <a
              href={facts.mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="fact-map-link"
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              View on a map
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
        </>
      ),
    });
  if (facts.titleType || facts.titleNumber)
    list.push({
      key: 'title',
      Icon: FileCheck2,
      term: 'Title',
      detail: (
        <span data-testid="fact-title">
          {[facts.titleType, facts.titleNumber && `No. ${facts.titleNumber}`].filter(Boolean).join(', ')}
        </span>
      ),
    });
  if (facts.surveyPlanNumber)
    list.push({
      key: 'survey',
      Icon: Ruler,
      term: 'Survey plan',
      detail: <span data-testid="fact-survey">No. {facts.surveyPlanNumber}</span>,
    });
  if (facts.companyName || facts.cacNumber)
    list.push({
      key: 'company',
      Icon: Building2,
      term: 'Company',
      detail: (
        <span data-testid="fact-company">
          {[facts.companyName, facts.cacNumber && `CAC ${facts.cacNumber}`].filter(Boolean).join(', ')}
        </span>
      ),
    });
  return list;
};

/** The project's facts as a definition list; nothing at all when none is set. */
export function ProjectFactList({ facts }: { facts: ProjectFacts }) {
  const list = factsOf(facts);
  if (list.length === 0) return null;
  return (
    <dl className="grid gap-4 sm:grid-cols-2" data-testid="project-facts">
      {list.map(({ key, Icon, term, detail }) => (
        // A group holds only its dt and dd (axe's definition-list rule): the icon sits in the dt.
        <div key={key} className="relative min-w-0 rounded-xl border border-slate-200 bg-white p-4 pl-12">
          <dt className="text-sm font-medium text-slate-600">
            <Icon className="absolute top-4 left-4 size-5 text-brand-700" aria-hidden="true" />
            {term}
          </dt>
          <dd className="mt-0.5 flex flex-col gap-1 break-words text-brand-950">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The photos the owner chose; nothing when there are none. */
export function ProjectGallery({ photos }: { photos: ProjectFacts['photos'] }) {
  if (photos.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="project-gallery">
      {photos.map((photo, index) => (
        <li key={photo.url} className="overflow-hidden rounded-xl bg-slate-100">
          <img
            src={photo.url}
            alt={`The project site, view ${index + 1} of ${photos.length}`}
            loading="lazy"
            decoding="async"
            width={640}
            height={480}
            className="aspect-[4/3] h-auto w-full object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
