/** Business settings (DESIGN 10): one stream for the whole business. */
export const SETTINGS_STREAM_ID = 'settings';
