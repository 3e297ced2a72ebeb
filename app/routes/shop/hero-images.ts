import heroTall480 from "~/assets/hero/hero-tall-480.webp";
import heroTall720 from "~/assets/hero/hero-tall-720.webp";
import heroTall960 from "~/assets/hero/hero-tall-960.webp";
import heroWide960 from "~/assets/hero/hero-wide-960.webp";
import heroWide1440 from "~/assets/hero/hero-wide-1440.webp";
import heroWide1920 from "~/assets/hero/hero-wide-1920.webp";

// The picture of the current drop, rendered from the demo products' designs by
// scripts/build-hero.ts (server/catalog/demo/hero-art.ts). Vite fingerprints the files, so they
// are served from /assets with a year's cache. Two crops: tall below lg, the drop above the text;
// wide from lg, the drop to the right of it.
export const WIDE = {
  src: heroWide1440,
  srcSet: `${heroWide960} 960w, ${heroWide1440} 1440w, ${heroWide1920} 1920w`,
  width: 1920,
  height: 1080,
  media: "(min-width: 1024px)",
};
export const TALL = {
  src: heroTall720,
  srcSet: `${heroTall480} 480w, ${heroTall720} 720w, ${heroTall960} 960w`,
  width: 960,
  height: 1280,
  media: "(max-width: 1023.98px)",
};
export const SIZES = "100vw";
