import { data, useFetcher } from "react-router";
import { Field, FormError } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { useFormError } from "~/lib/use-form-error";
import { AccountAddress } from "~/routes/account/address-form";
import { checkoutMessages } from "../../../core/checkout";
import { profileActions } from "../../../core/validation/account-actions";
import { profileSchema } from "../../../core/validation/auth";
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

function ProfileForm({ name, email }: { name: string; email: string }) {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data?.intent === "profile" ? fetcher.data : undefined;
  const { error, onSubmit, onChange } = useFormError(
    result && !result.ok ? result.error : undefined,
    profileSchema,
  );
  useFetcherResult(fetcher, (answer) => {
    if (answer.intent !== "profile") return;
    if (answer.ok) toast.success("Profile updated successfully");
    else toast.error(answer.error === PROFILE_FAILED ? answer.error : `${PROFILE_FAILED}: ${answer.error}`);
  });
  return (
    <section className="max-w-xl rounded-xl border bg-card/60 p-6" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="mb-6 font-semibold text-xl">
        Profile Information
      </h2>
      <FormError message={error} />
      <fetcher.Form
        method="post"
        className="flex flex-col gap-5"
        onSubmit={onSubmit}
        onChange={onChange}
        noValidate
      >
        <input type="hidden" name="intent" value="profile" />
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
        <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving..." : "Save Changes"}
        </Button>
      </fetcher.Form>
    </section>
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
