import { MailIcon, MapPinIcon, PhoneIcon, Undo2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { Seller } from "../../../core/seller";
import { WITHDRAW_LINK_LABEL, WITHDRAWAL_PATHS } from "../../../core/withdrawal-link";
import type { HeaderUser } from "./site-nav";

const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Shop" },
  { to: "/about", label: "About" },
  { to: "/legal", label: "Legal" },
];

interface FooterLink {
  to: string;
  label: string;
}

const LEGAL_LINKS: FooterLink[] = [
  { to: "/legal/notice", label: "Legal Notice" },
  { to: "/legal/withdrawal", label: "Withdrawal Instructions" },
  { to: "/legal/privacy", label: "Privacy Policy" },
  { to: "/legal/terms", label: "Terms of Service" },
];

/** The account column follows the session, as the header does (the root loader's `user`). */
function accountLinks(user: HeaderUser | null): FooterLink[] {
  if (!user) {
    return [
      { to: "/login", label: "Sign In" },
      { to: "/register", label: "Create Account" },
      { to: "/cart", label: "Shopping Cart" },
    ];
  }
  return [
    ...(user.isAdmin ? [{ to: "/admin/dashboard", label: "Admin Dashboard" }] : []),
    { to: "/account", label: "My Account" },
    { to: "/account/orders", label: "My Orders" },
    { to: "/cart", label: "Shopping Cart" },
  ];
}

const linkClass = "hover:text-foreground";

function FooterLinks({
  title,
  links,
  children,
}: {
  title: string;
  links: FooterLink[];
  children?: ReactNode;
}) {
  return (
    <div>
      <h2 className="mb-4 font-semibold text-sm uppercase tracking-widest">{title}</h2>
      <ul className="space-y-2.5 text-muted-foreground text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </div>
  );
}

export function SiteFooter({
  storeName,
  seller,
  user,
}: {
  storeName: string;
  seller: Seller | null;
  user: HeaderUser | null;
}) {
  return (
    <footer className="mt-24 border-t bg-card/40 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="font-bold font-display text-xl uppercase tracking-[0.2em]">{storeName}</p>
          <p className="max-w-xs text-muted-foreground text-sm leading-relaxed">
            Premium streetwear made after dark. Heavyweight fabrics, considered cuts, built to last.
          </p>
        </div>
        <FooterLinks title="Quick Links" links={QUICK_LINKS} />
        <FooterLinks title="Account" links={accountLinks(user)}>
          {user ? (
            <li>
              {/* a post, as the header's Sign Out */}
              <Form method="post" action="/logout">
                <button type="submit" className={`cursor-pointer ${linkClass}`}>
                  Sign Out
                </button>
              </Form>
            </li>
          ) : null}
        </FooterLinks>
        <div>
          <h2 className="mb-4 font-semibold text-sm uppercase tracking-widest">Contact</h2>
          {/* the seller's identity (SELLER_*), the same address as the returns' */}
          <address className="space-y-2.5 text-muted-foreground text-sm not-italic">
            {seller?.legalName ? <p>{seller.legalName}</p> : null}
            {seller?.address ? (
              <p className="flex items-start gap-2" data-testid="contact-address">
                <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden /> {seller.address}
              </p>
            ) : null}
            {seller?.phone ? (
              <p className="flex items-center gap-2">
                <PhoneIcon className="size-4 shrink-0" aria-hidden /> {seller.phone}
              </p>
            ) : null}
            {seller?.email ? (
              <p className="flex items-center gap-2">
                <MailIcon className="size-4 shrink-0" aria-hidden /> {seller.email}
              </p>
            ) : null}
          </address>
          {/* the withdrawal function (Art. 11a Consumer Rights Directive): on every page, labelled as the law words it */}
          <Link
            to={WITHDRAWAL_PATHS.withdraw}
            className="mt-5 inline-flex items-center gap-2 rounded-md border border-accent/60 px-3 py-2 font-medium text-foreground text-sm transition-colors hover:bg-accent hover:text-accent-foreground"
          >
            <Undo2Icon className="size-4 shrink-0" aria-hidden />
            {WITHDRAW_LINK_LABEL}
          </Link>
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-muted-foreground text-xs sm:flex-row sm:px-6">
          <p>
            © {new Date().getFullYear()} {storeName}. All rights reserved.
          </p>
          <nav aria-label="Legal" className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            {LEGAL_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={linkClass}>
                {link.label}
              </Link>
            ))}
          </nav>
        </div>
      </div>
    </footer>
  );
}
