/**
 * A JSON body as a test reads it: what `Response.json()` and `JSON.parse` give (the
 * standard library types it loosely). A test reads the fields it checks and names
 * their shape where it passes one on; tests/integration/support/openapi.ts holds
 * every API answer to the API's own schemas, so no second copy of them lives here.
 */
export type Json = Awaited<ReturnType<typeof JSON.parse>>
