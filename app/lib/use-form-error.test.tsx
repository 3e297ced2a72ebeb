// @vitest-environment happy-dom
import { act, useState } from "react";
import { Form, useActionData } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderRoutes, settleRouter } from "../../tests/setup/render-route";
import { useFormError } from "./use-form-error";

const messages = {
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  wrongPassword: "Invalid email or password",
};

const schema = z.object({
  email: z.string().trim().min(1, messages.emailRequired),
  password: z.string().min(1, messages.passwordRequired),
});

/**
 * A sign-in page in a real router: its schema arrives when the test says so (as a dynamic import
 * does after hydration), and its action checks with the same schema, as the server does, then
 * refuses every password.
 */
function renderPage() {
  let arrive!: (loaded: typeof schema) => void;
  let fail!: (error: Error) => void;
  const arriving = new Promise<typeof schema>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  const loadSchema = () => arriving;
  const posted: Record<string, FormDataEntryValue>[] = [];

  function SignIn() {
    const actionData = useActionData() as { error: string } | undefined;
    const { error, invalidField, onSubmit, onChange } = useFormError(actionData?.error, loadSchema);
    return (
      <>
        {error && <p role="alert">{error}</p>}
        <Form method="post" onSubmit={onSubmit} onChange={onChange} noValidate>
          <input name="email" aria-invalid={invalidField === "email" || undefined} />
          <input name="password" type="password" />
          <button type="submit">Sign In</button>
        </Form>
      </>
    );
  }

  const { container } = renderRoutes([
    {
      path: "/",
      Component: SignIn,
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData());
        posted.push(form);
        const parsed = schema.safeParse(form);
        return { error: parsed.success ? messages.wrongPassword : parsed.error.issues[0]?.message };
      },
    },
  ]);

  const field = (name: string) => {
    const input = container.querySelector<HTMLInputElement>(`input[name=${name}]`);
    if (!input) throw new Error(`no field ${name}`);
    return input;
  };
  return {
    posted,
    field,
    error: () => container.querySelector("[role=alert]")?.textContent ?? null,
    /** Types into a field as a person does: React sees an input event. */
    type: (name: string, value: string) =>
      act(() => {
        const input = field(name);
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
        setter?.call(input, value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }),
    submit: () =>
      act(async () => {
        container.querySelector("button")?.click();
        await settleRouter();
      }),
    /** The schema arrives (the dynamic import settles), with the form checks that come with it. */
    arrive: () =>
      act(async () => {
        arrive(schema);
        await import("../../core/validation/form-schema");
        await settleRouter();
      }),
    fail: () =>
      act(async () => {
        fail(new Error("Failed to fetch dynamically imported module"));
        await settleRouter();
      }),
  };
}

describe("useFormError", () => {
  it("checks in the browser once the schema is there: the first problem, nothing posted", async () => {
    const page = renderPage();
    await page.arrive();

    await page.submit();
    expect(page.error()).toBe(messages.emailRequired);
    expect(page.field("email").getAttribute("aria-invalid")).toBe("true");

    page.type("email", "zoe@nocturn.io");
    // the message was about the e-mail: fixed, so it goes; the password's comes with the next submit
    expect(page.error()).toBeNull();
    await page.submit();
    expect(page.error()).toBe(messages.passwordRequired);
    expect(page.posted).toHaveLength(0);
  });

  it("lets a form sent before the schema arrives go to the server, whose message clears once fixed", async () => {
    const page = renderPage();

    await page.submit();
    expect(page.posted).toHaveLength(1);
    expect(page.error()).toBe(messages.emailRequired);

    // the schema comes afterwards and checks what was sent: editing clears the message it fixes
    await page.arrive();
    page.type("email", "zoe@nocturn.io");
    expect(page.error()).toBeNull();
  });

  it("keeps a refusal the schema cannot know until the next answer", async () => {
    const page = renderPage();
    await page.arrive();
    page.type("email", "zoe@nocturn.io");
    page.type("password", "not-her-password");

    await page.submit();
    expect(page.posted).toHaveLength(1);
    expect(page.error()).toBe(messages.wrongPassword);
    page.type("password", "still-not-it");
    expect(page.error()).toBe(messages.wrongPassword);
  });

  it("still works when the schema cannot be fetched: the server checks", async () => {
    const page = renderPage();
    await page.fail();

    await page.submit();
    expect(page.posted).toHaveLength(1);
    expect(page.error()).toBe(messages.emailRequired);
  });
});

/** A form the page handles itself (nothing posted before a confirmation), as /withdraw's guest form. */
function renderLocalForm() {
  let arrive!: (loaded: typeof schema) => void;
  let fail!: (error: Error) => void;
  const arriving = new Promise<typeof schema>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  const loadSchema = () => arriving;
  const accepted: z.output<typeof schema>[] = [];

  function Local() {
    const { error, validate } = useFormError(undefined, loadSchema);
    const [checking, setChecking] = useState(false);
    return (
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setChecking(true);
          const value = await validate(new FormData(event.currentTarget));
          setChecking(false);
          if (value) accepted.push(value);
        }}
      >
        {error && <p role="alert">{error}</p>}
        {checking && <p>checking</p>}
        <input name="email" defaultValue="  zoe@nocturn.io " />
        <input name="password" />
        <button type="submit">Continue</button>
      </form>
    );
  }

  const { container } = renderRoutes([{ path: "/", Component: Local }]);
  return {
    accepted,
    container,
    error: () => container.querySelector("[role=alert]")?.textContent ?? null,
    submit: () =>
      act(async () => {
        container.querySelector("button")?.click();
        await settleRouter();
      }),
    arrive: () =>
      act(async () => {
        arrive(schema);
        await import("../../core/validation/form-schema");
        await settleRouter();
      }),
    fail: () =>
      act(async () => {
        fail(new Error("Failed to fetch dynamically imported module"));
        await settleRouter();
      }),
  };
}

describe("useFormError's validate", () => {
  it("waits for the schema, then shows the first problem or answers the checked values", async () => {
    const page = renderLocalForm();

    await page.submit();
    // nothing is accepted unchecked
    expect(page.container.textContent).toContain("checking");
    expect(page.accepted).toEqual([]);
    await page.arrive();
    expect(page.error()).toBe(messages.passwordRequired);
    expect(page.accepted).toEqual([]);

    act(() => {
      const password = page.container.querySelector<HTMLInputElement>("input[name=password]");
      if (password) password.value = "velvet-midnight-31";
    });
    await page.submit();
    expect(page.error()).toBeNull();
    expect(page.accepted).toEqual([{ email: "zoe@nocturn.io", password: "velvet-midnight-31" }]);
  });

  it("accepts nothing unchecked when the schema cannot be fetched, and says to reload", async () => {
    const page = renderLocalForm();
    await page.fail();

    await page.submit();
    expect(page.error()).toBe("This form could not be checked. Please reload the page and try again.");
    expect(page.accepted).toEqual([]);
  });
});
