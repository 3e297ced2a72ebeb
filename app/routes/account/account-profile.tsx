import { data, useFetcher } from "react-router";
import { Field } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { useIntentFormError } from "~/lib/use-form-error";
import { AccountSection, IntentForm } from "~/routes/account/account-section";
import { AccountAddress } from "~/routes/account/address-form";
import { checkoutMessages } from "../../../core/checkout";
import { profileActions } from "../../../core/validation/account-actions";
import { requireUser } from "../../../server/auth/guards";
import { updateProfile } from "../../../server/auth/update-profile";
import { loadCustomerAddress } from "../../../server/checkout/load-customer-address";
import { saveCustomerAddress } from "../../../server/checkout/save-customer-address";
import { runAction } from "../../../server/http/run-action";
import type { Route } from "./+types/account-profile";

const PROFILE_FAILED = "Failed to update profile";

/** The Profile tab: the account's name, and the address the checkout offers first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { user } = requireUser(context, url);
  return {
    name: user.name,
    email: user.email,
    address: await loadCustomerAddress({ db: context.db, userId: user.id }),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const session = requireUser(context, url);
  return runAction(context, await request.formData(), profileActions, {
    profile: {
      fallback: PROFILE_FAILED,
      what: "profile update failed",
      run: async ({ fullName }) => {
        const headers = await updateProfile({ ...context, session, headers: request.headers, fullName });
        return data({ intent: "profile" as const, ok: true as const }, { headers });
      },
    },
    address: {
      fallback: checkoutMessages.addressSaveFailed,
      what: "address not saved",
      run: async ({ intent, ...address }) => {
        await saveCustomerAddress({ db: context.db, userId: session.user.id, address });
        return { intent, ok: true as const };
      },
    },
  });
}

// fetched once the page is interactive: zod is not part of the page's first download (useFormError)
const loadProfileSchema = () =>
  import("../../../core/validation/auth").then((module) => module.profileSchema);

function ProfileForm({ name, email }: { name: string; email: string }) {
  const fetcher = useFetcher<typeof action>();
  const { error, ...check } = useIntentFormError(fetcher, "profile", loadProfileSchema);
  useFetcherResult(fetcher, (answer) => {
    if (answer.intent !== "profile") return;
    if (answer.ok) toast.success("Profile updated successfully");
    else toast.error(answer.error === PROFILE_FAILED ? answer.error : `${PROFILE_FAILED}: ${answer.error}`);
  });
  return (
    <AccountSection id="profile" title="Profile Information" className="max-w-xl">
      <IntentForm fetcher={fetcher} intent="profile" check={check} error={error}>
        <Field
          label="Full Name"
          name="fullName"
          defaultValue={name}
          autoComplete="name"
          required
          maxLength={100}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          defaultValue={email}
          disabled
          hint="Email address and username cannot be changed"
        />
        <Button type="submit" className="self-start" disabled={check.submitting}>
          {check.submitting ? "Saving..." : "Save Changes"}
        </Button>
      </IntentForm>
    </AccountSection>
  );
}

export default function AccountProfile({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <ProfileForm name={loaderData.name} email={loaderData.email} />
      <AccountAddress address={loaderData.address} accountName={loaderData.name} />
    </div>
  );
}
