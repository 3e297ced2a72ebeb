// What an action accepts (docs/ARCHITECTURE.md#forms): one schema per route action, a
// discriminated union on `intent` when the route does several things. The schema owns the
// envelope (which intents, which fields, which ids); the rules and the spec's messages of a form's
// contents stay in that form's schema, which the use case parses and the browser checks with.
import { z } from "zod";
import { isUuid } from "../ids";

/** A text field of a posted form, as the browser sends it ("" when absent). */
export const formField = z.string().default("");

/**
 * An id from a form (an order, a return): anything but a UUID, a missing id included, names
 * nothing, so it is answered as "not found" (404) with the caller's message, the same answer as
 * for someone else's record.
 */
export const idField = (notFound: string) =>
  formField.refine(isUuid, { message: notFound, params: { status: 404 } });

/** One intent of an action, with its fields. */
export const intent = <I extends string, F extends z.ZodRawShape>(name: I, fields: F) =>
  z.object({ intent: z.literal(name), ...fields });
