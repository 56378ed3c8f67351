import { z } from 'zod'

// The zod the storefront's forms import. In the browser it runs jitless: its
// `new Function('')` probe for a faster parser would break the CSP (no eval)
// and log a violation on every page with a form. Set here rather than in
// entry.client so pages without forms never download zod.
if (typeof document !== 'undefined') z.config({ jitless: true })

export { z }
