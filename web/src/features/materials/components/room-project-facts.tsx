import { hasProjectFacts } from '@acres/contracts/project-facts';
import { ProjectFactList, ProjectGallery } from '@/components/project/project-facts';
import { useBusinessSettings } from '@/lib/business-settings';

/** Beside the documents, the facts they prove (the owner's Settings); absent when none is set. */
export function RoomProjectFacts() {
  const facts = useBusinessSettings().data?.project;
  if (!facts || !hasProjectFacts(facts)) return null;
  return (
    <section aria-labelledby="room-project-title" className="mt-10 flex flex-col gap-4" data-testid="room-project">
      <h2 id="room-project-title" className="text-xl font-semibold text-brand-950">
        The project
      </h2>
      <ProjectFactList facts={facts} />
      <ProjectGallery photos={facts.photos} />
    </section>
  );
}
