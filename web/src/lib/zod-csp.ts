import { z } from 'zod';

// The site's Content-Security-Policy forbids eval. Zod compiles object parsers with
// Function() unless told not to, and even its probe for that makes the browser report a
// violation; its interpreted parsers are fast enough for our forms.
z.config({ jitless: true });
