/**
 * DATA_MASTER_KEY of every test process and of every service process a test spawns (the
 * global setup puts it in the environment they inherit), so what one seals another opens.
 */
export const TEST_DATA_MASTER_KEY = 'test-data-master-key-0123456789abcdef';
