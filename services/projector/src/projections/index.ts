// The projections themselves live with their read models (@acres/read-models/registry);
// the projector runs every one of them.

import { createAllProjections } from '@acres/read-models/registry';
import type { Projection } from '@acres/read-models/projection';

export * from '@acres/read-models/registry';

/** Every read model the product serves, under their live table names, in the registry's order. */
export const ALL_PROJECTIONS: readonly Projection[] = createAllProjections();
