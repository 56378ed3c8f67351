import type { SubmissionResult } from '@conform-to/react'
import type { ToastMessage } from '../toaster.tsx'

/** What a profile or feedback form's action answers when it does not redirect. */
export type ProfileActionData = { result?: SubmissionResult<string[]>; toast?: ToastMessage; step?: string }
