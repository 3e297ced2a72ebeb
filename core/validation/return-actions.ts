// What the admin's Returns screen's action accepts (app/routes/admin/returns/admin-returns.tsx):
// one intent per step an admin takes. The rejection's reason and the items' conditions are checked
// by their form schemas (returns.ts), which the use cases parse and the dialog's forms check with.
import { z } from "zod";
import { returnMessages } from "../returns";
import { formField, idField, intent } from "./action-schema";
import { returnConditionsSchema } from "./returns";

/** Form fields carrying an item's condition are named `condition:<return item id>`. */
const CONDITION_FIELD_PREFIX = "condition:";

export const conditionFieldName = (returnItemId: string) => `${CONDITION_FIELD_PREFIX}${returnItemId}`;

/** The item conditions of a "receive" form, by return item id. */
function conditionsOf(values: Record<string, unknown>): Record<string, string> {
  const conditions: Record<string, string> = {};
  for (const [name, value] of Object.entries(values))
    if (name.startsWith(CONDITION_FIELD_PREFIX) && typeof value === "string")
      conditions[name.slice(CONDITION_FIELD_PREFIX.length)] = value;
  return conditions;
}

const returnId = idField(returnMessages.notFound);

export const returnActions = z.discriminatedUnion("intent", [
  intent("approve", { returnId }),
  intent("reject", { returnId, reason: formField }),
  intent("receive", { returnId })
    .loose()
    .transform(({ intent, returnId, ...fields }) => ({ intent, returnId, conditions: conditionsOf(fields) })),
  intent("refund", { returnId }),
  intent("exchange", { returnId }),
  intent("proof", { returnId, proof: formField }),
]);

/** One of the steps the Returns screen's forms send as `intent`. */
export type ReturnIntent = z.output<typeof returnActions>["intent"];

/** The dialog's receive form as posted: a condition for each of the return's items. */
export const receiveFormSchema = (returnItemIds: readonly string[]) =>
  z.record(z.string(), z.unknown()).transform(conditionsOf).pipe(returnConditionsSchema(returnItemIds));
