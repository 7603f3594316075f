// The admin reads the site's one Lagos-time formatter (WAT), as every other page does.
export { formatDate, formatDateTime } from '@acres/contracts/lagos-time';
