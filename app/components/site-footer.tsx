import { MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import { Link } from "react-router";

const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Shop" },
  { to: "/about", label: "About" },
  { to: "/legal", label: "Legal" },
];

const ACCOUNT_LINKS = [
  { to: "/account", label: "My Account" },
  { to: "/account/orders", label: "Order History" },
  { to: "/cart", label: "Shopping Cart" },
  { to: "/login", label: "Sign In" },
];

function FooterLinks({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="mb-4 font-semibold text-sm uppercase tracking-widest">{title}</h2>
      <ul className="space-y-2.5 text-muted-foreground text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="hover:text-foreground">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({ storeName }: { storeName: string }) {
  return (
    <footer className="mt-24 border-t bg-card/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="font-bold font-display text-xl uppercase tracking-[0.2em]">{storeName}</p>
          <p className="max-w-xs text-muted-foreground text-sm leading-relaxed">
            Premium streetwear made after dark. Heavyweight fabrics, considered cuts, built to last.
          </p>
        </div>
        <FooterLinks title="Quick Links" links={QUICK_LINKS} />
        <FooterLinks title="Account" links={ACCOUNT_LINKS} />
        <div>
          <h2 className="mb-4 font-semibold text-sm uppercase tracking-widest">Contact</h2>
          {/* placeholder details, replaced by the store owner */}
          <address className="space-y-2.5 text-muted-foreground text-sm not-italic">
            <p className="flex items-start gap-2">
              <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden /> 123 Night Street, 10115 Berlin,
              Germany
            </p>
            <p className="flex items-center gap-2">
              <PhoneIcon className="size-4 shrink-0" aria-hidden /> +49 30 1234 5678
            </p>
            <p className="flex items-center gap-2">
              <MailIcon className="size-4 shrink-0" aria-hidden /> support@nocturn.store
            </p>
          </address>
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-muted-foreground text-xs sm:flex-row sm:px-6">
          <p>
            © {new Date().getFullYear()} {storeName}. All rights reserved.
          </p>
          <nav aria-label="Legal" className="flex gap-5">
            <Link to="/legal/privacy" className="hover:text-foreground">
              Privacy Policy
            </Link>
            <Link to="/legal/terms" className="hover:text-foreground">
              Terms of Service
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
