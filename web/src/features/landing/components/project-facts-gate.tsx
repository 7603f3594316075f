import { hasProjectFacts } from '@acres/contracts/project-facts';
import { lazy, Suspense } from 'react';
import { useBusinessSettings } from '@/lib/business-settings';

// Loaded only once the owner's Settings hold a fact: the landing's first JavaScript stays within its budget.
const ProjectFactsSection = lazy(() => import('./project-facts-section').then((m) => ({ default: m.ProjectFactsSection })));

/** The project's facts (the owner's Settings): the whole section is absent while they load and when none is set. */
export function ProjectFactsGate() {
  const facts = useBusinessSettings().data?.project;
  if (!facts || !hasProjectFacts(facts)) return null;
  return (
    <Suspense fallback={null}>
      <ProjectFactsSection facts={facts} />
    </Suspense>
  );
}
