import type { ProjectFacts } from '@acres/contracts/project-facts';
import { PageSection } from '@/components/layout/page-section';
import { ProjectFactList, ProjectGallery } from '@/components/project/project-facts';

/** Where the land is, its title, the survey plan, the company and its CAC number, and photos. */
export function ProjectFactsSection({ facts }: { facts: ProjectFacts }) {
  return (
    <PageSection
      id="project"
      headingId="project-title"
      className="bg-stone-50 py-16 sm:py-24"
      heading={{
        eyebrow: 'The land',
        title: 'What you can check before you commit',
        description: 'The site, its title and the company selling it, as our records state them.',
      }}
    >
      <div className="mt-10 flex flex-col gap-6">
        <ProjectFactList facts={facts} />
        <ProjectGallery photos={facts.photos} />
      </div>
    </PageSection>
  );
}
