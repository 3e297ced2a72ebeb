// @vitest-environment happy-dom
import { act, useState } from "react";
import { useFetcher, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { renderRoutes, settleRouter } from "../../tests/setup/render-route";
import { useFetcherResult } from "./use-fetcher-result";

interface Answer {
  ok: boolean;
  message: string;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * A real React Router page whose action and loader answer when the test says so. The page hands
 * each answer to `useFetcherResult` and records it with the list it could see at that moment.
 */
function renderPage({ holdLoader = true } = {}) {
  const actions: ReturnType<typeof deferred<Answer>>[] = [];
  const loaders: ReturnType<typeof deferred<string>>[] = [];
  let list = "list v0";
  const handled: { answer: Answer; list: string }[] = [];
  const page: { submit?: () => void; touch?: () => void } = {};

  function Page() {
    const shownList = useLoaderData() as string;
    const fetcher = useFetcher<Answer>();
    const [, setTouched] = useState(0);
    // an update that ends where it started: React renders the page, sees that nothing it tracks
    // changed, and bails out (drops the render's effects but keeps its hooks)
    page.touch = () => {
      setTouched(1);
      setTouched(0);
    };
    page.submit = () => void fetcher.submit({ intent: "save" }, { method: "post" });
    useFetcherResult(fetcher, (answer) => handled.push({ answer, list: shownList }));
    return null;
  }

  renderRoutes(
    [
      {
        id: "page",
        path: "/",
        Component: Page,
        loader: async () => {
          if (!holdLoader) return list;
          const next = deferred<string>();
          loaders.push(next);
          return next.promise;
        },
        action: async () => {
          const next = deferred<Answer>();
          actions.push(next);
          const answer = await next.promise;
          list = `list v${actions.length}`;
          return answer;
        },
      },
    ],
    { hydrationData: { loaderData: { page: list } } },
  );

  return {
    handled,
    page,
    /** The submitted action answers. */
    answer: async (answer: Answer) => {
      await settleRouter();
      const pending = actions.at(-1);
      if (!pending) throw new Error("no action is running");
      pending.resolve(answer);
    },
    /** The revalidation after the action loads the list the action left behind. */
    revalidate: async () => {
      await settleRouter();
      const pending = loaders.at(-1);
      if (!pending) throw new Error("no revalidation is running");
      pending.resolve(list);
    },
  };
}

const saved: Answer = { ok: true, message: "Coupon created successfully" };

describe("useFetcherResult", () => {
  it("hands over the answer once, after the page's data was revalidated", async () => {
    const { handled, page, answer, revalidate } = renderPage();
    act(() => page.submit?.());
    await act(async () => {
      await answer(saved);
      await settleRouter();
    });
    expect(handled).toEqual([]);
    await act(async () => {
      await revalidate();
      await settleRouter();
    });
    expect(handled).toEqual([{ answer: saved, list: "list v1" }]);

    // later renders do not hand it over again
    await act(async () => page.touch?.());
    act(() => page.touch?.());
    expect(handled).toHaveLength(1);
  });

  it("hands over two equal answers to two submissions", async () => {
    const { handled, page, answer, revalidate } = renderPage();
    for (let i = 0; i < 2; i++) {
      act(() => page.submit?.());
      await act(async () => {
        await answer({ ...saved });
        await settleRouter();
        await revalidate();
        await settleRouter();
      });
    }
    expect(handled.map((entry) => entry.answer)).toEqual([saved, saved]);
  });

  it("is not lost to a render React bails out of between the answer and its state", async () => {
    const { handled, page, answer, revalidate } = renderPage();
    act(() => page.submit?.());
    await act(async () => {
      await answer(saved);
      await settleRouter();
      // React Router holds the answer already; its "loading" state is still on the way to React
      page.touch?.();
    });
    await act(async () => {
      await revalidate();
      await settleRouter();
    });
    expect(handled).toEqual([{ answer: saved, list: "list v1" }]);
  });

  it("is not lost when the submission, the answer and the revalidation reach React in one render", async () => {
    const { handled, page, answer } = renderPage({ holdLoader: false });
    await act(async () => {
      page.submit?.();
      await answer(saved);
      await settleRouter();
      // a bail-out render while React still shows the page as it was before the submission
      page.touch?.();
    });
    expect(handled).toEqual([{ answer: saved, list: "list v1" }]);
  });
});
