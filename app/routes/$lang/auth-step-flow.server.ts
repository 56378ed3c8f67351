import type { ParseKeys } from 'i18next'
import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { authPath, type FlowState, Intent } from '#app/components/account/auth-types.ts'
import type { ToastType } from '#app/components/toaster.tsx'
import { type ApiClient, apiClientContext } from '#app/utils/api-client.server.ts'
import type { AnySubmission } from '#app/utils/forms.server.ts'
import {
  apiError,
  byIntent,
  failure,
  formContext,
  parseForm,
  success,
  validationToast,
} from '#app/utils/forms.server.ts'
import type { ServerT } from '#app/utils/i18n.server.ts'
import { getSession, type SessionData } from '#app/utils/session.server.ts'
import { codeForm } from '#contract/account.ts'
import { passwordToast } from './auth-password-toast.server.ts'

type Key = 'registration' | 'reset'
type State<K extends Key> = NonNullable<SessionData[K]>
type Context = Readonly<RouterContextProvider>
type Submitted = AnySubmission

/** What a flow's own code gets to answer with. */
export type StepTools<K extends Key> = {
  context: Context
  /** The API without the customer's credentials. */
  api: ApiClient
  t: ServerT<'account'>
  /** Keep (or, with `null`, drop) the flow's state in the session. */
  keep: (state: State<K> | null) => void
  /** A refused step, answered with the typed values and a toast. */
  fail: (
    submission: Submitted,
    options: { toast: string; state?: FlowState; status?: number; fieldErrors?: Record<string, string[]> },
  ) => ReturnType<typeof failure>
  /** The step the session is at now. */
  now: () => FlowState
  /** Back to step 1 with a toast (the state no longer fits the step asked for). */
  startAgain: (toast?: string) => ReturnType<typeof failure>
}

/**
 * One phone → SMS code → password flow (SPEC §4): registration, password
 * reset. The steps, their order, the session handling and the answers are
 * shared (`stepFlowAction`); a flow says which API calls it makes and where
 * it differs.
 */
export type StepFlow<K extends Key> = {
  /** Where the flow keeps its state in the session. */
  key: K
  view: 'register' | 'reset'
  /** The step a stored state is at. */
  step: (state: State<K> | undefined) => FlowState
  /** Step 1's form; its values are the state kept before a code is sent. */
  start: z.ZodType<State<K>>
  /** Step 1 and "resend": ask the API for a code; the state to keep until it is used. */
  sendCode: (api: ApiClient, typed: State<K>) => Promise<State<K>>
  /** Step 1's values of a stored state: what "edit" keeps. */
  typed: (state: State<K>) => State<K>
  /** Whether "start again" keeps the typed values too (otherwise step 1 starts empty). */
  startAgainKeepsTyped: boolean
  /** A refusal at step 1 flags the phone even when the API names no field (SPEC §8). */
  flagPhone: boolean
  /** Before "edit" goes back to step 1: end what the later steps opened. */
  leave?: (api: ApiClient, current: State<K> | undefined) => Promise<void>
  /** Whether a code was sent that step 2 can check. */
  codeSent: (state: State<K>) => boolean
  /** Step 2: the API checks the code; the state to keep for step 3. */
  verifyCode: (api: ApiClient, code: string, current: State<K>) => Promise<State<K>>
  /** Which text of an API refusal at steps 2 and 3 the toast shows: its detail or its first error. */
  refusalText: 'detail' | 'firstError'
  password: {
    schema: z.ZodType
    field: 'password' | 'new_password'
    /** Whether step 2 is done, so a password may be set. */
    ready: (state: State<K>) => boolean
    /** Step 3 at the API; throws its refusal. */
    send: (tools: StepTools<K>, values: Record<string, string>, current: State<K>) => Promise<void>
    /** A refusal only step 1 can help with: its answer; `undefined` for the usual field errors. */
    refused: (
      error: unknown,
      tools: StepTools<K>,
      submission: Submitted,
      current: State<K>,
    ) => Promise<ReturnType<typeof failure> | undefined> | ReturnType<typeof failure> | undefined
    /** The toast (an `account` text) when it is done. */
    doneToast: ParseKeys<'account'>
    /** Done means signed in: the dialog closes, as after login (SPEC §4). */
    signsIn: boolean
    /** Where the page goes when it is done: step 4 (a welcome), or straight back to where the shopper was. */
    landsOn: 'done-step' | 'back'
  }
}

const noFields = z.object({})

/** One post of a step flow: what its step needs to answer. */
type Post<K extends Key> = {
  spec: StepFlow<K>
  formData: FormData
  form: ReturnType<typeof formContext>
  /** The flow's state as the post found it. */
  current: State<K> | undefined
  generic: string
  /** The tools, with `intent` in the answers. */
  tools: (intent: Intent) => StepTools<K>
  /** The step done: the flow's page (or dialog) at the step it is at now. */
  next: (toast?: { type: ToastType; message: string }) => ReturnType<typeof success>
}

/** The action of a step flow: one step per submitted `intent`. */
export async function stepFlowAction<K extends Key>(
  { request, context }: { request: Request; context: Context },
  spec: StepFlow<K>,
) {
  const formData = await request.formData()
  const form = formContext(request, formData, context)
  const { t } = form
  const session = getSession(context)
  const current = session.get(spec.key) as State<K> | undefined
  const api = context.get(apiClientContext).withAuth('none')
  const here = authPath(form.lang, spec.view, form.redirectTo)
  const keep = (state: State<K> | null) => session.set(spec.key, state as SessionData[K] | null)
  const now = () => spec.step(session.get(spec.key) as State<K> | undefined)
  const tools = (intent: Intent): StepTools<K> => {
    const fail: StepTools<K>['fail'] = (submission, options) => failure(submission, { intent, ...options })
    const startAgain = (toast = t('toast.start_again')) => {
      keep(spec.startAgainKeepsTyped && current ? spec.typed(current) : null)
      return fail(parseForm(formData, noFields), { toast, state: now() })
    }
    return { context, api, t, keep, fail, now, startAgain }
  }
  const next = (toast?: { type: ToastType; message: string }) =>
    success(context, form, { to: here, state: now(), toast })
  const post: Post<K> = { spec, formData, form, current, generic: t('toast.generic'), tools, next }
  return byIntent(formData, {
    [Intent.start]: () => start(post),
    [Intent.resend]: () => resend(post),
    [Intent.edit]: () => edit(post),
    [Intent.verify]: () => verify(post),
    [Intent.password]: () => password(post),
  })
}

/** Step 1: the typed values, and a code sent to the phone. */
async function start<K extends Key>({ spec, formData, form, generic, tools, next }: Post<K>) {
  const { api, keep, fail } = tools(Intent.start)
  const submission = parseForm(formData, spec.start)
  if (submission.status !== 'success') return fail(submission, { toast: validationToast(submission, form.t) })
  try {
    keep(await spec.sendCode(api, submission.value as State<K>))
  } catch (error) {
    const failed = apiError(error, ['phone'], generic)
    return fail(submission, {
      toast: failed.detail,
      status: failed.status,
      fieldErrors: spec.flagPhone ? { phone: failed.fieldErrors.phone ?? [failed.detail] } : failed.fieldErrors,
    })
  }
  return next()
}

/** Another code to the same phone. */
async function resend<K extends Key>({ spec, formData, form, current, generic, tools, next }: Post<K>) {
  const { api, keep, fail, startAgain } = tools(Intent.resend)
  if (!current) return startAgain()
  try {
    keep(await spec.sendCode(api, current))
  } catch (error) {
    const failed = apiError(error, [], generic)
    return fail(parseForm(formData, noFields), {
      toast: failed.detail,
      status: failed.status,
      state: spec.step(current),
    })
  }
  return next({ type: 'info', message: form.t('toast.code_sent') })
}

/** Back to step 1 with the values typed before. */
async function edit<K extends Key>({ spec, current, tools, next }: Post<K>) {
  const { api, keep } = tools(Intent.edit)
  await spec.leave?.(api, current)
  keep(current ? spec.typed(current) : null)
  return next()
}

/** Step 2: the code from the SMS. */
async function verify<K extends Key>({ spec, formData, form, current, generic, tools, next }: Post<K>) {
  const { api, keep, fail, startAgain } = tools(Intent.verify)
  if (!current || !spec.codeSent(current)) return startAgain()
  const submission = parseForm(formData, codeForm)
  if (submission.status !== 'success')
    return fail(submission, { toast: form.t('validation.invalid_code'), state: spec.step(current) })
  try {
    keep(await spec.verifyCode(api, submission.value.code, current))
  } catch (error) {
    const failed = apiError(error, ['code'], generic)
    const refusal = failed[spec.refusalText]
    return fail(submission, {
      toast: refusal,
      status: failed.status,
      fieldErrors: { code: failed.fieldErrors.code ?? [refusal] },
      state: spec.step(current),
    })
  }
  return next()
}

/** Step 3: the password; done, signed in or on to step 4. */
async function password<K extends Key>({ spec, formData, form, current, generic, tools }: Post<K>) {
  const own = tools(Intent.password)
  const { password } = spec
  if (!current || !password.ready(current)) return own.startAgain()
  const submission = parseForm(formData, password.schema)
  if (submission.status !== 'success')
    return own.fail(submission, { toast: passwordToast(submission, form.t, password.field), state: spec.step(current) })
  try {
    await password.send(own, submission.value as Record<string, string>, current)
  } catch (error) {
    const restarted = await password.refused(error, own, submission, current)
    if (restarted) return restarted
    const failed = apiError(error, [password.field, 'password_confirm'], generic)
    return own.fail(submission, {
      toast: failed[spec.refusalText],
      status: failed.status,
      fieldErrors: failed.fieldErrors,
      state: spec.step(current),
    })
  }
  own.keep(null)
  const to =
    password.landsOn === 'back'
      ? form.redirectTo
      : `${authPath(form.lang, spec.view)}?step=done&redirectTo=${encodeURIComponent(form.redirectTo)}`
  return success(own.context, form, {
    to,
    state: { step: 'done' },
    done: password.signsIn,
    toast: { type: 'success', message: form.t(password.doneToast) },
  })
}
