/** Lengths of the back office's reviews and inbox texts (api/admin/reviews and api/admin/inbox take them). */
export const HIDE_REASON_MAX = 500
export const REPLY_MAX = 2000
export const SMS_REPLY_MAX = 300
