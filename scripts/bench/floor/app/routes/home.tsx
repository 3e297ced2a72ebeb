import { useLoaderData } from "react-router";

export function meta() {
  return [{ title: "Floor" }, { name: "description", content: "A bare React Router page." }];
}

// a little data, as a real page's loader returns: no database, no session
export function loader() {
  return {
    greeting: "Hello from the floor",
    items: Array.from({ length: 6 }, (_, index) => ({
      id: index + 1,
      name: `Item ${index + 1}`,
      priceCents: 1900 + index * 500,
    })),
  };
}

export default function Home() {
  const { greeting, items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{greeting}</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {item.name}: ${(item.priceCents / 100).toFixed(2)}
          </li>
        ))}
      </ul>
    </main>
  );
}
