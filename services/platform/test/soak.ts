// Load-sized loops (fuzzing, kills under load, long catch-ups) run at a size that still
// proves their property in `npm test`, and at full size in `npm run test:soak`, which sets
// TEST_SOAK=1. A spec names both sizes, so the soak run is the same assertions, only longer.
export const isSoakRun = () => process.env.TEST_SOAK === '1';

/** `proof` in `npm test`, `soak` in `npm run test:soak`. */
export const sizeFor = (sizes: { proof: number; soak: number }) => (isSoakRun() ? sizes.soak : sizes.proof);
